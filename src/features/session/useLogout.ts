import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '@/app/hooks';
import { api, useStudentLogoutMutation, useTeacherLogoutMutation } from '@/api';
import { forgetDrafts } from '@/components/forms/drafts';
import { paths } from '@/config/paths';
import { studentLoggedOut, teacherLoggedOut } from './sessionSlices';

/**
 * Logs one side out on mount: ends its session on the provider, then (whatever the provider
 * answered) clears its flag and id, forgets the cached server data and that side's drafts, and opens
 * that side's login page.
 */
export function useLogout(side: 'student' | 'teacher') {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [endStudentSession] = useStudentLogoutMutation();
  const [endTeacherSession] = useTeacherLogoutMutation();
  useEffect(() => {
    const endServerSession = side === 'student' ? endStudentSession : endTeacherSession;
    void endServerSession().finally(() => {
      dispatch(side === 'student' ? studentLoggedOut() : teacherLoggedOut());
      dispatch(api.util.resetApiState());
      forgetDrafts(side);
      navigate(side === 'student' ? paths.studentLogin : paths.teacherLogin, { replace: true });
    });
  }, [dispatch, navigate, side, endStudentSession, endTeacherSession]);
}
