import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOutSession, type SessionState } from './sessionState';

/** Another tab changed the stored sessions: adopt what storage now says. */
export const sessionsSynced = createAction<{ student: SessionState; teacher: SessionState }>('session/synced');

function sessionSlice<Name extends 'student' | 'teacher'>(name: Name) {
  return createSlice({
    name,
    initialState: loggedOutSession,
    reducers: {
      loggedIn: (_state, action: PayloadAction<{ id: number }>) => ({ loggedIn: true, id: action.payload.id }),
      loggedOut: () => loggedOutSession,
    },
    extraReducers: (builder) => {
      builder.addCase(sessionsSynced, (_state, action) => action.payload[name]);
    },
    selectors: {
      selectIsLoggedIn: (state) => state.loggedIn && state.id !== null,
      selectId: (state) => (state.loggedIn ? state.id : null),
    },
  });
}

export const studentSessionSlice = sessionSlice('student');
export const teacherSessionSlice = sessionSlice('teacher');

export const { loggedIn: studentLoggedIn, loggedOut: studentLoggedOut } = studentSessionSlice.actions;
export const { loggedIn: teacherLoggedIn, loggedOut: teacherLoggedOut } = teacherSessionSlice.actions;
export const { selectIsLoggedIn: selectIsStudentLoggedIn, selectId: selectStudentId } = studentSessionSlice.selectors;
export const { selectIsLoggedIn: selectIsTeacherLoggedIn, selectId: selectTeacherId } = teacherSessionSlice.selectors;
