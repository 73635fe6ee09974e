import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '../../../..');
export const BOOKING_DIST = join(REPO_ROOT, 'apps/booking/dist');
/** Screenshots of the main states, overwritten on every run (deterministic names), shown in the README. */
export const SCREENSHOTS_DIR = join(REPO_ROOT, 'docs/screenshots');
/** Debian's Chromium; never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
