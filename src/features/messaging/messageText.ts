/** The longest message the provider accepts, in characters (api-spec.yaml: `MessageForm.msg_text.maxLength`). */
export const MESSAGE_MAX_LENGTH = 5000;

/** A message's length as the provider counts it: in characters (code points), not UTF-16 units. */
export function messageLength(text: string): number {
  return Array.from(text).length;
}
