import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import './styles.css';

// Unknown paths go back to the booking page.
if (window.location.pathname !== '/' && window.location.pathname !== '/index.html') window.location.replace('/');

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, refetchOnWindowFocus: false } } });

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
