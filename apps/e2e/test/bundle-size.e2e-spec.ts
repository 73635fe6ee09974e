import { join } from 'node:path';
import { measureBundle, measureVisit } from '../../../tools/bundle-size.mjs';

const dist = (app: string) => join(__dirname, '..', '..', app, 'dist');

/** The size budgets of what visitors and staff download, in gzipped KB (1 KB = 1024 bytes), checked on the builds
 * the browser tests use. The booking page is embedded in organisers' sites and opened on phones in a rush: 100 KB
 * for one visit in one language (the other languages and the cancellation page are chunks it never loads). The
 * cancellation page, opened once from an e-mail, loads the same entry plus its own chunk and texts: 105 KB. The
 * back office is react-admin and MUI, loaded once per working day: 600 KB. */
describe('Tamaño de las aplicaciones', () => {
  it('el JavaScript de una visita a la página de reservas cabe en 100 KB comprimidos, en cualquier idioma', () => {
    const { files, pages } = measureVisit(dist('booking'));
    expect(files.some((f) => /lang-ca-/.test(f.path))).toBe(true);
    expect(pages.booking).toBeLessThanOrEqual(100 * 1024);
    expect(pages.cancel).toBeLessThanOrEqual(105 * 1024);
  });

  it('el JavaScript del back office cabe en 600 KB comprimidos', () => {
    const { files, gzip } = measureBundle(dist('admin'));
    expect(files.length).toBeGreaterThan(0);
    expect(gzip).toBeLessThanOrEqual(600 * 1024);
  });
});
