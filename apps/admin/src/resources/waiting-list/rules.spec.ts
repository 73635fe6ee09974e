import { canPromote, dragAnnouncements, exportFileName, keyboardMove, moved, pageOf } from './rules';

describe('lista de espera', () => {
  it('promover solo si hay una plaza libre o una reservada sin usar (especificación 4)', () => {
    const waiting = { status: 0 as const };
    expect(canPromote(waiting, { availableSpots: 1, reservedSpots: 0, usedReservedSpots: 0 })).toBe(true);
    expect(canPromote(waiting, { availableSpots: 0, reservedSpots: 2, usedReservedSpots: 1 })).toBe(true);
    expect(canPromote(waiting, { availableSpots: 0, reservedSpots: 2, usedReservedSpots: 2 })).toBe(false);
    expect(
      canPromote({ status: 1 as unknown as 0 }, { availableSpots: 3, reservedSpots: 0, usedReservedSpots: 0 }),
    ).toBe(false);
    expect(canPromote(waiting, null)).toBe(false);
  });

  it('mover a una persona al puesto de otra', () => {
    const list = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(moved(list, 3, 1).map((e) => e.id)).toEqual([3, 1, 2]);
    expect(moved(list, 1, 2).map((e) => e.id)).toEqual([2, 1, 3]);
    expect(moved(list, 1, 9).map((e) => e.id)).toEqual([1, 2, 3]);
  });

  it('con el teclado, cada flecha mueve un puesto, sobre la lista que dejó la anterior', () => {
    let list = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => ({ id }));
    // Down five times from the 1st place: the 6th.
    for (let i = 0; i < 5; i++) list = keyboardMove(list, 1, 'ArrowDown')!;
    expect(list.map((e) => e.id)).toEqual([2, 3, 4, 5, 6, 1, 7, 8]);
    list = keyboardMove(list, 1, 'ArrowUp')!;
    expect(list.findIndex((e) => e.id === 1)).toBe(4);
    // At the ends it stays; other keys do not move.
    expect(keyboardMove([{ id: 1 }, { id: 2 }], 1, 'ArrowUp')!.map((e) => e.id)).toEqual([1, 2]);
    expect(keyboardMove([{ id: 1 }, { id: 2 }], 2, 'ArrowDown')!.map((e) => e.id)).toEqual([1, 2]);
    expect(keyboardMove([{ id: 1 }, { id: 2 }], 1, 'a')).toBeNull();
  });

  it('la página que muestra un puesto', () => {
    expect([0, 49, 50, 299].map((i) => pageOf(i, 50))).toEqual([1, 1, 2, 6]);
  });

  it('el Excel lleva la id de la sesión y la fecha', () => {
    expect(exportFileName(12, new Date(2026, 2, 5, 23, 59))).toBe('lista-espera-sesion-12-2026-03-05.xlsx');
  });

  it('los avisos para lectores de pantalla, en español', () => {
    const people: Record<number, { name: string; position: number }> = {
      1: { name: 'Ana García', position: 1 },
      2: { name: 'Luis Pérez', position: 2 },
    };
    const say = dragAnnouncements((id) => people[id]);
    expect(say.onDragStart({ active: { id: 2 } })).toBe('Has cogido a Luis Pérez, en el puesto 2.');
    expect(say.onDragOver({ active: { id: 2 }, over: { id: 2 } })).toBeUndefined();
    expect(say.onDragOver({ active: { id: 2 }, over: { id: 1 } })).toBe('Luis Pérez pasaría al puesto 1.');
    expect(say.onDragEnd({ active: { id: 2 }, over: { id: 1 } })).toBe('Luis Pérez se ha dejado en el puesto 1.');
    expect(say.onDragEnd({ active: { id: 2 }, over: null })).toBe(
      'Luis Pérez se ha soltado fuera de la lista; el orden no cambia.',
    );
    expect(say.onDragCancel({ active: { id: 1 } })).toBe('Movimiento cancelado: Ana García sigue en el puesto 1.');
  });
});
