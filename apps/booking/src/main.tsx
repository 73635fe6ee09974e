import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import { CancelPage } from './components/CancelPage';
import { reportHeightToParent } from './embed';
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

if (page)
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>{page === 'cancel' ? <CancelPage /> : <App />}</QueryClientProvider>
    </StrictMode>,
  );
