import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { TestApp } from '@evreg/testing';
import { CHROMIUM_PATH } from './paths';

/** Each browser step (a click, a wait for a text) waits up to this long: the machine has 2 shared cores. */
export const STEP_TIMEOUT = 30_000;
export const DESKTOP = { width: 900, height: 1000 };
export const MOBILE = { width: 360, height: 800 };

/** Debian's Chromium, headless, in Spanish; `extraArgs` for a file that needs more (a fake camera). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--lang=es-ES',
      ...extraArgs,
    ],
    timeout: 60_000,
  });
}

export interface E2E {
  app: TestApp;
  browser: Browser;
  /** A fresh context (own storage) and page for every test. */
  context: BrowserContext;
  page: Page;
  /** Another context, for a second visitor or another viewport; closed after the test. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
}

/** One API instance (own database cloned from the run's template) and one browser per test file; a fresh
 * browser context per test. Uncaught errors in the page fail the test. */
export function setupE2E(
  options: { context?: BrowserContextOptions; appEnv?: Record<string, string>; browserArgs?: string[] } = {},
): E2E {
  const state = {} as E2E;
  let extra: BrowserContext[] = [];
  let pageErrors: string[] = [];

  const open = async (contextOptions: BrowserContextOptions = {}) => {
    const context = await state.browser.newContext({
      baseURL: state.app.baseUrl,
      viewport: DESKTOP,
      locale: 'es-ES',
      timezoneId: 'Europe/Madrid',
      ...options.context,
      ...contextOptions,
    });
    context.setDefaultTimeout(STEP_TIMEOUT);
    context.setDefaultNavigationTimeout(STEP_TIMEOUT);
    context.on('weberror', (e) => pageErrors.push(`${e.page()?.url() ?? ''}: ${e.error().stack ?? e.error().message}`));
    return { context, page: await context.newPage() };
  };

  beforeAll(async () => {
    const [app, browser] = await Promise.all([
      TestApp.start({ env: options.appEnv }),
      launchBrowser(options.browserArgs),
    ]);
    state.app = app;
    state.browser = browser;
  }, 120_000);

  afterAll(async () => {
    await state.browser?.close();
    await state.app?.close();
  });

  beforeEach(async () => {
    pageErrors = [];
    extra = [];
    const { context, page } = await open();
    state.context = context;
    state.page = page;
    state.newPage = async (contextOptions) => {
      const opened = await open(contextOptions);
      extra.push(opened.context);
      return opened.page;
    };
  });

  afterEach(async () => {
    await Promise.all([state.context, ...extra].map((c) => c?.close()));
    if (pageErrors.length) throw new Error(`Errores no capturados en la página:\n${pageErrors.join('\n')}`);
  });

  return state;
}
