import { join } from 'node:path';
import { measureBundle } from '../../../tools/bundle-size.mjs';

/** The size budgets of what visitors and staff download, in gzipped KB (1 KB = 1024 bytes), checked on the builds
 * the browser tests use. The booking page is embedded in organisers' sites and opened on phones in a rush: 100 KB.
 * The back office is react-admin and MUI, loaded once per working day: 600 KB. */
describe('Tamaño de las aplicaciones', () => {
  it.each([
    ['booking', 100],
    ['admin', 600],
  ])('el JavaScript de %s cabe en %i KB comprimidos', (app, budgetKB) => {
    const { files, gzip } = measureBundle(join(__dirname, '..', '..', app, 'dist'));
    expect(files.length).toBeGreaterThan(0);
    expect(gzip).toBeLessThanOrEqual(budgetKB * 1024);
  });
});
