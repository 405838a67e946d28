import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '@/app/hooks';
import { api, useStudentLogoutMutation, useTeacherLogoutMutation } from '@/api';
import { forgetDrafts } from '@/components/forms/drafts';
import { paths } from '@/config/paths';
import { studentLoggedOut, teacherLoggedOut } from './sessionSlices';

/** The pending logouts' page side (IndexedDB) loads with the first logout, not with the page. */
const loadLogoutSync = () => import(/* webpackChunkName: "logout" */ '@/offline/logoutSync');

/**
 * Logs one side out on mount: keeps the logout on the device (src/offline/logoutSync.ts), clears its
 * flag and id, forgets the cached server data and that side's drafts, ends its session on the
 * provider, then opens that side's login page. A logout the provider did not answer (no connection,
 * a failure) stays kept and is sent before anything else once it can be; until then that side stays
 * logged out on the device.
 */
export function useLogout(side: 'student' | 'teacher') {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [endStudentSession] = useStudentLogoutMutation();
  const [endTeacherSession] = useTeacherLogoutMutation();
  useEffect(() => {
    void (async () => {
      const logoutSync = await loadLogoutSync().catch(() => undefined);
      const logout = await logoutSync?.keepLogout(side);
      dispatch(side === 'student' ? studentLoggedOut() : teacherLoggedOut());
      dispatch(api.util.resetApiState());
      forgetDrafts(side);
      // Without the module (a chunk that would not load), the call alone, as sent before.
      if (logoutSync && logout) await logoutSync.endSessionOnProvider(logout);
      else await (side === 'student' ? endStudentSession() : endTeacherSession()).catch(() => undefined);
      navigate(side === 'student' ? paths.studentLogin : paths.teacherLogin, { replace: true });
    })();
  }, [dispatch, navigate, side, endStudentSession, endTeacherSession]);
}
