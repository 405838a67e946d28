/** The longest message the provider accepts, in characters (api-spec.yaml: `MessageForm.msg_text.maxLength`). */
export const MESSAGE_MAX_LENGTH = 5000;
