import { lazy, StrictMode, Suspense, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { tokens } from './providers/tokens';
import { doorLinkToken } from './resources/checkin/linkRules';
import { ADMIN_BASE, loginUrl, safeNext, ShellContext, type Shell } from './shell';

// Two bundles: the sign-in page (MUI only) and the back office (react-admin), so /admin/login stays light.
const LoginApp = lazy(() => import('./login/LoginApp'));
const AdminApp = lazy(() => import('./AdminApp'));
// A door link (issue 21): one session's door screen without an account, neither react-admin nor the sign-in page.
const DoorLinkApp = lazy(() => import('./resources/checkin/DoorLinkApp'));

type Mode = 'login' | 'admin';

const onLoginPage = () => window.location.pathname.replace(/\/+$/, '') === `${ADMIN_BASE}/login`;

/** Already signed-in users who open the sign-in page go to the dashboard (docs/product.md §2). */
function initialMode(): Mode {
  if (!onLoginPage()) return 'admin';
  if (!tokens.present()) return 'login';
  window.history.replaceState(null, '', `${ADMIN_BASE}/dashboard`);
  return 'admin';
}

function Root() {
  const [mode, setMode] = useState<Mode>(initialMode);

  useEffect(() => {
    const onPopState = () => setMode(onLoginPage() && !tokens.present() ? 'login' : 'admin');
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const shell = useMemo<Shell>(
    () => ({
      showLogin(next) {
        window.history.replaceState(null, '', loginUrl(next));
        setMode('login');
      },
    }),
    [],
  );

  const signedIn = () => {
    const next = safeNext(new URLSearchParams(window.location.search).get('next')) ?? '/dashboard';
    window.history.replaceState(null, '', `${ADMIN_BASE}${next}`);
    setMode('admin');
  };

  return (
    <Suspense fallback={null}>
      {mode === 'login' ? (
        <LoginApp onSignedIn={signedIn} />
      ) : (
        <ShellContext.Provider value={shell}>
          <AdminApp />
        </ShellContext.Provider>
      )}
    </Suspense>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

const doorToken = doorLinkToken(window.location.pathname);

createRoot(container).render(
  <StrictMode>
    {doorToken ? (
      <Suspense fallback={null}>
        <DoorLinkApp token={doorToken} />
      </Suspense>
    ) : (
      <Root />
    )}
  </StrictMode>,
);
