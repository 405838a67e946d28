import { createListenerMiddleware, isRejectedWithValue } from '@reduxjs/toolkit';
import { notify } from '@/components/toasts/toastQueue';
import { errorMessages, isUnauthorised, requiredSession } from '@/api';
import { studentLoggedOut, teacherLoggedOut } from './sessionSlices';

interface RejectedApiCall {
  payload?: unknown;
  meta?: { arg?: { endpointName?: string } };
}

/**
 * When the provider answers 401 to a call that needs the student (or teacher) session, that
 * session is over on the server (expired, or ended elsewhere): log that side out here too, so the
 * screens stop acting as if it were alive, and say so.
 */
export const sessionExpiry = createListenerMiddleware();

sessionExpiry.startListening({
  predicate: (action) => {
    if (!isRejectedWithValue(action)) return false;
    const call = action as RejectedApiCall;
    return isUnauthorised(call.payload) && requiredSession(call.meta?.arg?.endpointName ?? '') !== undefined;
  },
  effect: (action, listenerApi) => {
    const side = requiredSession((action as RejectedApiCall).meta?.arg?.endpointName ?? '');
    const state = listenerApi.getState() as Record<'student' | 'teacher', { loggedIn: boolean }>;
    if (side === undefined || !state[side].loggedIn) return;
    listenerApi.dispatch(side === 'student' ? studentLoggedOut() : teacherLoggedOut());
    notify(errorMessages.unauthorised, { variant: 'info' });
  },
});
