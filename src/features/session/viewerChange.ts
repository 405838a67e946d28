import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { api } from '@/api';
import { forgetDraftsOtherThan } from '@/components/forms/drafts';
import {
  selectStudentId,
  selectTeacherId,
  sessionsSynced,
  studentLoggedIn,
  studentLoggedOut,
  teacherLoggedIn,
  teacherLoggedOut,
} from './sessionSlices';

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

/**
 * Drafts (answers and messages being written, `useDraft`) belong to the session they were written
 * in: at every login and logout (here, in another tab, or on a 401) those of anyone not logged in
 * now are removed from the device.
 */
viewerChange.startListening({
  matcher: isAnyOf(studentLoggedIn, teacherLoggedIn, studentLoggedOut, teacherLoggedOut, sessionsSynced),
  effect: (_action, listenerApi) => {
    const state = listenerApi.getState() as Parameters<typeof selectStudentId>[0] & Parameters<typeof selectTeacherId>[0];
    forgetDraftsOtherThan({ studentId: selectStudentId(state), teacherId: selectTeacherId(state) });
  },
});
