import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '@/app/hooks';
import { baseApi } from '@/api/baseApi';
import { studentLoggedOut, teacherLoggedOut } from './sessionSlices';
import { paths } from '@/config/paths';

/**
 * Logs one side out on mount: clears its flag and id, forgets the cached server data, and opens
 * that side's login page.
 */
export function useLogout(side: 'student' | 'teacher') {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    dispatch(side === 'student' ? studentLoggedOut() : teacherLoggedOut());
    dispatch(baseApi.util.resetApiState());
    navigate(side === 'student' ? paths.studentLogin : paths.teacherLogin, { replace: true });
  }, [dispatch, navigate, side]);
}
