import { join } from 'node:path';
import { measureBundle, measureVisit } from '../../../tools/bundle-size.mjs';

const dist = (app: string) => join(__dirname, '..', '..', app, 'dist');

/** The size budgets of what visitors and staff download, in gzipped KB (1 KB = 1024 bytes), checked on the builds
 * the browser tests use. The booking app is embedded in organisers' sites and opened on phones in a rush: 100 KB for
 * one visit of either page in one language (the other languages and the other page's own chunks are never loaded:
 * the cancellation page skips the booking page's DOMPurify, the booking page the cancellation page's chunk). The
 * back office is react-admin and MUI, loaded once per working day: 600 KB. */
describe('Tamaño de las aplicaciones', () => {
  it('el JavaScript de una visita a la página de reservas o a la de cancelación cabe en 100 KB comprimidos, en cualquier idioma', () => {
    const { files, pages } = measureVisit(dist('booking'));
    expect(files.some((f) => /lang-ca-/.test(f.path))).toBe(true);
    expect(pages.booking).toBeLessThanOrEqual(100 * 1024);
    expect(files.some((f) => /[\\/]purify-/.test(f.path))).toBe(true);
    expect(pages.cancel).toBeLessThanOrEqual(100 * 1024);
  });

  it('el JavaScript del back office cabe en 600 KB comprimidos', () => {
    const { files, gzip } = measureBundle(dist('admin'));
    expect(files.length).toBeGreaterThan(0);
    expect(gzip).toBeLessThanOrEqual(600 * 1024);
  });
});
