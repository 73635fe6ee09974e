import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/lib/compile-module';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The page's catalogs (src/i18n/<language>.json: ICU messages a translator edits, one file per language) compiled
 * at build time into small functions, so the page ships messageformat's tiny runtime and no message parser
 * (docs/booking.md, "Languages"). Each catalog becomes a module of its own, a chunk when imported lazily. As
 * compiled catalogs usually do, the keys are shortened on the way (the n-th key of es.json becomes n in base 36,
 * in the catalogs and in the code's string literals naming them), which keeps the page under its size budget. */
function compiledCatalogs(): Plugin {
  const catalog = /[\\/]src[\\/]i18n[\\/]([a-z]{2})\.json$/;
  const PREFIX = '\0evreg-catalog/';
  const files = new Map<string, string>();
  const spanish = fileURLToPath(new URL('./src/i18n/es.json', import.meta.url));
  const ids = new Map(Object.keys(readJson(spanish)).map((key, i) => [key, i.toString(36)]));
  return {
    name: 'evreg-compiled-catalogs',
    enforce: 'pre',
    // './i18n/ca.json' is the booking page's part of a catalog, './i18n/ca.json?cancel' the cancellation page's
    // (its keys start with 'cancel.'): each page downloads only its own texts.
    async resolveId(source, importer, options) {
      const match = /^(.*\/i18n\/[a-z]{2}\.json)(\?cancel)?$/.exec(source);
      if (!match) return null;
      const resolved = await this.resolve(match[1], importer, { ...options, skipSelf: true });
      const lang = resolved && catalog.exec(resolved.id)?.[1];
      if (!resolved || !lang) return null;
      // Named lang-<language> or cancel-<language> (its chunk is named after it, as tools/bundle-size.mjs
      // expects), and not ending in .json, so Vite's own JSON plugin leaves the compiled module alone.
      const id = `${PREFIX}${match[2] ? 'cancel' : 'lang'}-${lang}.js`;
      files.set(id, resolved.id);
      return id;
    },
    load(id) {
      const file = files.get(id);
      if (!file) return null;
      this.addWatchFile(file);
      const cancelPart = id.startsWith(`${PREFIX}cancel-`);
      const messages = Object.entries(readJson(file))
        .filter(([key]) => key.startsWith('cancel.') === cancelPart)
        .map(([key, text]) => [ids.get(key) ?? key, text] as const);
      // Texts without an argument stay plain strings; the others become functions.
      const plain = messages.filter(([, text]) => !/[{}']/.test(text));
      const icu = messages.filter(([, text]) => /[{}']/.test(text));
      const code = compileModule(new MessageFormat(catalog.exec(file)![1]), Object.fromEntries(icu));
      return code.replace(
        'export default {',
        `export default {${plain.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)},`).join('')}`,
      );
    },
    transform(code, id) {
      if (!/[\\/]src[\\/].*\.tsx?$/.test(id)) return null;
      return code.replace(/(['"])([a-z]+\.[A-Za-z]+)\1/g, (literal, quote: string, key: string) =>
        ids.has(key) ? quote + ids.get(key) + quote : literal,
      );
    },
  };
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;

/** Every visit needs messageformat's runtime chunk (each language's catalog imports it): index.html asks for it
 * alongside the entry (`modulepreload`), sooner than Vite's own preloading, which asks once a catalog is requested
 * through a helper of about 0.6 KB gzipped in the entry. With that off (`modulePreload: false`), Vite still wraps
 * each dynamic import in its helper, which then only reports failed imports as a `vite:preloadError` event nobody
 * listens to: the helper becomes a plain call (docs/booking.md, "Size"). */
function preloadRuntime(): Plugin {
  const HELPER = '\0vite/preload-helper.js';
  return {
    name: 'evreg-preload-runtime',
    enforce: 'pre',
    load: (id) => (id === HELPER ? 'export const __vitePreload = (load) => load();' : null),
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) =>
        Object.values(bundle ?? {})
          .filter((chunk) => chunk.type === 'chunk' && chunk.name === 'messageformat')
          .map((chunk) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head' as const,
          })),
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [compiledCatalogs(), preloadRuntime(), react()],
  resolve: {
    alias: {
      // Same file as the "paths" entry in tsconfig.base.json: shared validators, bundled from source.
      '@evreg/contracts': fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No preloading helper in the entry: the one shared chunk every visit needs is preloaded by index.html
    // (preloadRuntime); the lazily loaded ones (a catalog, DOMPurify, the cancellation page) import nothing more.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // messageformat's runtime and plural rules in one small chunk, shared by every language's catalog; DOMPurify
        // in one only the booking page loads (components/EventCard.tsx), named as tools/bundle-size.mjs expects.
        codeSplitting: {
          groups: [
            { name: 'messageformat', test: /@messageformat[\\/]runtime|make-plural/ },
            { name: 'purify', test: /node_modules[\\/]dompurify[\\/]/ },
          ],
        },
      },
    },
  },
});
