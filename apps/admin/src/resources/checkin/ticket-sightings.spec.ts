import { GONE_AFTER_FRAMES, TicketSightings } from './ticket-sightings';

/** Feeds frames (a code, or null for none in view) with the screen free unless `busy`; answers the scans made. */
function run(sightings: TicketSightings, frames: (string | null)[], busy = false): string[] {
  return frames.map((f) => sightings.frame(f, !busy)).filter((c): c is string => c !== null);
}
const gone = Array<null>(GONE_AFTER_FRAMES).fill(null);

describe('control de acceso: qué fotogramas de la cámara son una lectura nueva', () => {
  it('una entrada sostenida delante de la cámara se lee una vez, aunque falle algún fotograma', () => {
    const s = new TicketSightings();
    expect(run(s, ['7-abc', '7-ABC', ' 7-abc ', null, null, '7-abc', ...Array(30).fill('7-abc')])).toEqual(['7-ABC']);
  });

  it('la misma entrada retirada y mostrada otra vez es una lectura nueva, cada vez', () => {
    const s = new TicketSightings();
    expect(run(s, ['7-ABC', ...gone, '7-ABC', '7-ABC', ...gone, '7-ABC', ...gone, '7-ABC'])).toEqual([
      '7-ABC',
      '7-ABC',
      '7-ABC',
      '7-ABC',
    ]);
  });

  it('retirada y mostrada otra vez mientras hay una respuesta en pantalla: se lee al quitarla', () => {
    const s = new TicketSightings();
    expect(run(s, ['7-ABC'])).toEqual(['7-ABC']);
    expect(run(s, [...gone, '7-ABC', '7-ABC'], true)).toEqual([]);
    expect(run(s, ['7-ABC', '7-ABC'])).toEqual(['7-ABC']);
  });

  it('sostenida mientras hay una respuesta en pantalla: no se vuelve a leer al quitarla', () => {
    const s = new TicketSightings();
    run(s, ['7-ABC']);
    expect(run(s, Array(20).fill('7-ABC'), true)).toEqual([]);
    expect(run(s, Array(20).fill('7-ABC'))).toEqual([]);
  });

  it('otra entrada se lee enseguida; con la cámara apagada y encendida, la misma también', () => {
    const s = new TicketSightings();
    expect(run(s, ['7-ABC', '8-DEF', '8-DEF'])).toEqual(['7-ABC', '8-DEF']);
    s.reset();
    expect(run(s, ['8-DEF'])).toEqual(['8-DEF']);
  });
});
