import { backlogChip, checkChip, duration } from './rules';

describe("'Estado del sistema': colores y textos", () => {
  it('una comprobación: verde si funciona, ámbar sin configurar, rojo sin conexión', () => {
    expect(checkChip({ state: 'ok', latencyMs: 3, detail: null })).toEqual({
      color: 'success',
      label: 'Funciona (3 ms)',
    });
    expect(checkChip({ state: 'embedded', latencyMs: null, detail: null }).color).toBe('success');
    expect(checkChip({ state: 'not-configured', latencyMs: null, detail: null })).toEqual({
      color: 'warning',
      label: 'Sin configurar',
    });
    expect(checkChip({ state: 'down', latencyMs: null, detail: 'x' })).toEqual({
      color: 'error',
      label: 'Sin conexión',
    });
  });

  it('una bandeja de salida: según lo que lleva esperando el mensaje más antiguo', () => {
    const base = { channel: 'email' as const, lastSweepAt: null };
    expect(backlogChip({ ...base, pending: 0, oldestPendingSeconds: null })).toEqual({
      color: 'success',
      label: 'Al día',
    });
    expect(backlogChip({ ...base, pending: 1, oldestPendingSeconds: 30 })).toEqual({
      color: 'success',
      label: '1 pendiente, el más antiguo hace 30 s',
    });
    expect(backlogChip({ ...base, pending: 4, oldestPendingSeconds: 300 })).toEqual({
      color: 'warning',
      label: '4 pendientes, el más antiguo hace 5 min',
    });
    expect(backlogChip({ ...base, pending: 9, oldestPendingSeconds: 7200 }).color).toBe('error');
  });

  it('duraciones en la unidad mayor que cabe', () => {
    expect(duration(59)).toBe('59 s');
    expect(duration(3599)).toBe('59 min');
    expect(duration(3600)).toBe('1 h');
    expect(duration(86_400)).toBe('1 día');
    expect(duration(200_000)).toBe('2 días');
  });
});
