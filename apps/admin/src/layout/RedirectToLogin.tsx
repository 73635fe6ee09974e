import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useShell } from '../shell';

/** react-admin's /login route: hands over to the light sign-in page, remembering where the user was going
 * (react-admin passes it as nextPathname when it signs someone out). */
export function RedirectToLogin() {
  const location = useLocation();
  const { showLogin } = useShell();
  useEffect(() => {
    const state = location.state as { nextPathname?: string; nextSearch?: string } | null;
    showLogin(state?.nextPathname ? `${state.nextPathname}${state.nextSearch ?? ''}` : undefined);
  }, [location, showLogin]);
  return null;
}
