import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { api } from '@/api';
import { studentLoggedIn, teacherLoggedIn } from './sessionSlices';

/**
 * What the provider shows depends on who asks: a chapter list read by a visitor has no videos.
 * When someone logs in, the chapter lists read before are stale: those on screen are read again,
 * the others forgotten, so the lesson player never opens on a visitor's copy.
 */
export const viewerChange = createListenerMiddleware();

viewerChange.startListening({
  matcher: isAnyOf(studentLoggedIn, teacherLoggedIn),
  effect: (_action, listenerApi) => {
    listenerApi.dispatch(api.util.invalidateTags([{ type: 'Chapter', id: 'LIST' }]));
  },
});
