import { lazy, StrictMode, Suspense, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import { loadPurifier } from './components/EventCard';
import { LanguageSwitcher } from './components/LanguageSwitcher';
import { reportHeightToParent } from './embed';
import { initialLanguage, language, onLanguageChange, setLanguage } from './i18n';
import './styles.css';

// Two pages: the booking page at / and the cancellation page at /cancel. Unknown paths go to the booking page.
const path = window.location.pathname.replace(/\/+$/, '') || '/';
const page = path === '/cancel' ? 'cancel' : path === '/' || path === '/index.html' ? 'booking' : null;
if (page === null) window.location.replace('/');

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, refetchOnWindowFocus: false } },
});

reportHeightToParent();
// The booking page's description cleaner, fetched alongside the language (EventCard waits for it).
if (page === 'booking') void loadPurifier().catch(() => undefined);

// The cancellation page is its own chunk (with its texts): the booking page's visitors never download it.
const CancelPage = lazy(() =>
  import('./components/CancelPage').then(async (m) => {
    await m.loadCancelTexts();
    return { default: m.CancelPage };
  }),
);

/** The event and its sessions asked again in the new language (the server answers titles per language); the
 * cancellation link's preview is kept: asking again after a cancellation would only get the link's 410. */
const refetchInLanguage = () =>
  void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'event' || q.queryKey[0] === 'sessions' });

/** Re-renders the page in the language chosen. */
function Root() {
  useSyncExternalStore(onLanguageChange, language);
  return (
    <>
      <LanguageSwitcher onChanged={refetchInLanguage} />
      {page === 'cancel' ? (
        <Suspense fallback={null}>
          <CancelPage />
        </Suspense>
      ) : (
        <App />
      )}
    </>
  );
}

// The visitor's language is loaded before the first render, so the page never flashes in Spanish first.
if (page)
  void setLanguage(initialLanguage())
    .catch(() => setLanguage('es'))
    .then(() =>
      createRoot(container).render(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <Root />
          </QueryClientProvider>
        </StrictMode>,
      ),
    );
