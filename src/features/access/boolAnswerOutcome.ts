import { errorText, providerMessage } from '@/api';

/** What a form shows after a call: the tone of the line and its text. */
export interface Outcome {
  tone: 'success' | 'error';
  text: string;
}

/**
 * Waits for a call that answers `{ bool, msg }` (an RTK Query `unwrap()`) and says what to show:
 * the provider's `msg` in green when `bool` is true, in red otherwise; a clear line for network and
 * server faults; `fallback` texts when the provider gave no `msg`.
 */
export async function boolAnswerOutcome(
  call: Promise<{ bool: boolean; msg?: string }>,
  fallback: { success: string; failure: string },
): Promise<Outcome> {
  try {
    const answer = await call;
    const msg = providerMessage(answer);
    return answer.bool ? { tone: 'success', text: msg ?? fallback.success } : { tone: 'error', text: msg ?? fallback.failure };
  } catch (error) {
    return { tone: 'error', text: errorText(error, fallback.failure) };
  }
}
