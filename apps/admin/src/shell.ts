import { createContext, useContext } from 'react';

/** Switches between the light sign-in page and the back office without reloading (main.tsx). */
export interface Shell {
  /** Show the sign-in page; `next` is the back-office path to return to afterwards. */
  showLogin(next?: string): void;
}

export const ShellContext = createContext<Shell>({
  showLogin: (next) => window.location.assign(loginUrl(next)),
});

export const useShell = () => useContext(ShellContext);

export const ADMIN_BASE = '/admin';

/** A back-office path (without /admin) safe to return to: starts with one slash, not the sign-in page. */
export function safeNext(next: string | null | undefined): string | undefined {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return undefined;
  if (next === '/login' || next.startsWith('/login?') || next === '/') return undefined;
  return next;
}

export function loginUrl(next?: string): string {
  const safe = safeNext(next);
  return `${ADMIN_BASE}/login${safe ? `?next=${encodeURIComponent(safe)}` : ''}`;
}
