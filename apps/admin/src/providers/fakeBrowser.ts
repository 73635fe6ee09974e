/** The browser as the providers' unit tests need it, in memory: localStorage, and fetch answering JSON. */

/** Installs an in-memory localStorage (returned) and sessionStorage. */
export function memoryLocalStorage(): Map<string, string> {
  const store = new Map<string, string>();
  Object.assign(globalThis, { localStorage: memoryStorage(store), sessionStorage: memoryStorage(new Map()) });
  return store;
}

function memoryStorage(store: Map<string, string>) {
  return {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
}

/** A call as fetch saw it (the body parsed when it is JSON). */
export type FetchCall = { url: string; method: string; body: unknown };

/** Replaces fetch: each call is pushed onto `calls` and answered 200 with `answer(call)` as JSON. */
export function serveJson(calls: FetchCall[], answer: (call: FetchCall) => unknown = () => ({})): void {
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const call = {
      url: String(url),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return new Response(JSON.stringify(answer(call)), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}
