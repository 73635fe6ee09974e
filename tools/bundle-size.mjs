// The gzipped size of the JavaScript a Vite build emitted (every .js/.mjs under dist/assets), and of what one visit
// downloads (measureVisit). 1 KB = 1024 bytes; zlib's default gzip level (6). Used by print-bundle-size.mjs after
// each build and by the size budget test (apps/e2e/test/bundle-size.e2e-spec.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

function listJs(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return listJs(p);
    return /\.(m?js)$/.test(e.name) ? [p] : [];
  });
}

/** Each JS file with its raw and gzipped bytes, and the totals. */
export function measureBundle(distDir) {
  const files = listJs(join(distDir, 'assets'))
    .sort()
    .map((path) => {
      const buf = readFileSync(path);
      return { path, raw: buf.length, gzip: gzipSync(buf).length };
    });
  return {
    files,
    raw: files.reduce((sum, f) => sum + f.raw, 0),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
  };
}

/** The booking app's lazily loaded chunks (apps/booking/vite.config.ts and src/main.tsx name them): each language's
 * catalog for the booking page (lang-<language>) and for the cancellation page (cancel-<language>), and what only
 * one page loads (the booking page's DOMPurify, the cancellation page's own chunk). */
const LANGUAGE_PART = /^(lang|cancel)-([a-z]{2})-[\w-]+\.m?js$/;
const BOOKING_PAGE = /^(App|purify)-[\w-]+\.m?js$/;
const CANCEL_PAGE = /^CancelPage-[\w-]+\.m?js$/;

/** What one visit downloads, in gzipped bytes: the chunks every page loads, the page's own chunk and the heaviest
 * language's catalog for that page. Measured for both pages of the booking app (the booking page, the cancellation
 * page); `gzip` is the larger. A build without such chunks (the back office) is measured whole. */
export function measureVisit(distDir) {
  const all = measureBundle(distDir);
  const name = (f) => f.path.split(/[\\/]/).pop();
  const common = all.files.filter((f) => ![LANGUAGE_PART, BOOKING_PAGE, CANCEL_PAGE].some((re) => re.test(name(f))));
  const page = (re) => size(all.files.filter((f) => re.test(name(f))));
  const size = (files) => files.reduce((sum, f) => sum + f.gzip, 0);
  const heaviest = (parts) => {
    const byLanguage = new Map();
    for (const f of all.files) {
      const m = LANGUAGE_PART.exec(name(f));
      if (m && parts.includes(m[1])) byLanguage.set(m[2], (byLanguage.get(m[2]) ?? 0) + f.gzip);
    }
    return Math.max(0, ...byLanguage.values());
  };
  const booking = size(common) + page(BOOKING_PAGE) + heaviest(['lang']);
  const cancel = size(common) + page(CANCEL_PAGE) + heaviest(['lang', 'cancel']);
  return { files: all.files, pages: { booking, cancel }, gzip: Math.max(booking, cancel) };
}
