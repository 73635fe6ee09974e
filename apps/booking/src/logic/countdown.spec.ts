import { announcement, clock, secondsLeft } from './countdown';

describe('countdown', () => {
  const expires = '2026-11-22T10:03:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('rounds the seconds left up', () => {
    expect(secondsLeft(expires, at('2026-11-22T10:00:00.000Z'))).toBe(180);
    expect(secondsLeft(expires, at('2026-11-22T10:00:00.001Z'))).toBe(180);
    expect(secondsLeft(expires, at('2026-11-22T10:02:59.999Z'))).toBe(1);
  });

  it('stops at zero, also past expiry and for a bad date', () => {
    expect(secondsLeft(expires, at('2026-11-22T10:03:00.000Z'))).toBe(0);
    expect(secondsLeft(expires, at('2026-11-22T11:00:00.000Z'))).toBe(0);
    expect(secondsLeft('no es una fecha', at('2026-11-22T10:00:00.000Z'))).toBe(0);
  });

  it('shows m:ss', () => {
    expect(clock(180)).toBe('3:00');
    expect(clock(61)).toBe('1:01');
    expect(clock(9)).toBe('0:09');
    expect(clock(0)).toBe('0:00');
  });

  it('speaks only at whole minutes, 30 s, 10 s and zero', () => {
    const spoken = Array.from({ length: 181 }, (_, s) => announcement(s)).filter(Boolean);
    expect(spoken).toEqual([
      'El tiempo de reserva se ha agotado.',
      'Quedan 10 segundos de reserva.',
      'Quedan 30 segundos de reserva.',
      'Queda 1 minuto de reserva.',
      'Quedan 2 minutos de reserva.',
      'Quedan 3 minutos de reserva.',
    ]);
  });
});
