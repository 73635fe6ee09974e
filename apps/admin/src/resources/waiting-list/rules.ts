import type { WaitingEntry, Session } from '@evreg/contracts';

/** docs/product.md §4: promote is offered for waiting entries only when the session has a free online spot or an unused
 * reserved spot (the server takes the online one first). */
export function canPromote(
  entry: Pick<WaitingEntry, 'status'>,
  session: Pick<Session, 'availableSpots' | 'reservedSpots' | 'usedReservedSpots'> | null,
): boolean {
  if (!session || entry.status !== 0) return false;
  return session.availableSpots > 0 || session.reservedSpots - session.usedReservedSpots > 0;
}

/** The list after moving one entry onto another's place (drag and drop, or the keyboard). */
export function moved<T extends { id: number }>(entries: readonly T[], activeId: number, overId: number): T[] {
  const from = entries.findIndex((e) => e.id === activeId);
  const to = entries.findIndex((e) => e.id === overId);
  if (from < 0 || to < 0 || from === to) return [...entries];
  const next = [...entries];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry);
  return next;
}

/** The server's file name is used; this one (same pattern) only if it gives none: session id and the date. */
export function exportFileName(sessionId: number, today: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `lista-espera-sesion-${sessionId}-${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}.xlsx`;
}

export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** How to move a person with the keyboard (the handles' description), in Spanish. */
export const DRAG_INSTRUCTIONS =
  'Para mover a una persona en la lista, pulsa Espacio o Intro sobre su asa, muévela con las flechas arriba y abajo, y pulsa Espacio o Intro para dejarla en su nuevo puesto, o Escape para cancelar.';

type Find = (id: number) => { name: string; position: number } | undefined;

/** What is said to screen readers as a person is picked up, moved, left or put back (drag or keyboard), in Spanish. */
export const moveMessages = {
  lifted: (name: string, position: number) => `Has cogido a ${name}, en el puesto ${position}.`,
  over: (name: string, position: number) => `${name} pasaría al puesto ${position}.`,
  dropped: (name: string, position: number) => `${name} se ha dejado en el puesto ${position}.`,
  cancelled: (name: string, position: number) => `Movimiento cancelado: ${name} sigue en el puesto ${position}.`,
};

export function dragAnnouncements(find: Find) {
  const person = (id: unknown) => find(Number(id));
  return {
    onDragStart({ active }: { active: { id: unknown } }) {
      const p = person(active.id);
      return p ? moveMessages.lifted(p.name, p.position) : undefined;
    },
    onDragOver({ active, over }: { active: { id: unknown }; over: { id: unknown } | null }) {
      const p = person(active.id);
      const target = over ? person(over.id) : undefined;
      // At the start the entry is over its own place: the pick-up message stays.
      if (!p || over?.id === active.id) return undefined;
      return target ? moveMessages.over(p.name, target.position) : `${p.name} no está sobre ningún puesto de la lista.`;
    },
    onDragEnd({ active, over }: { active: { id: unknown }; over: { id: unknown } | null }) {
      const p = person(active.id);
      const target = over ? person(over.id) : undefined;
      if (!p) return undefined;
      return target
        ? moveMessages.dropped(p.name, target.position)
        : `${p.name} se ha soltado fuera de la lista; el orden no cambia.`;
    },
    onDragCancel({ active }: { active: { id: unknown } }) {
      const p = person(active.id);
      return p ? moveMessages.cancelled(p.name, p.position) : undefined;
    },
  };
}
/** One key press while a person is lifted with the keyboard: the list with them one place up or down (the same list
 * at either end), or null for a key that does not move. Pure, so each press applies to the list the last press left,
 * however far the drawing lags behind the keyboard. */
export function keyboardMove<T extends { id: number }>(entries: readonly T[], id: number, key: string): T[] | null {
  const step = key === 'ArrowUp' ? -1 : key === 'ArrowDown' ? 1 : 0;
  if (step === 0) return null;
  const from = entries.findIndex((e) => e.id === id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= entries.length) return [...entries];
  const next = [...entries];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

/** The page (of `perPage`) that shows the `index`-th entry (0-based). */
export const pageOf = (index: number, perPage: number) => Math.floor(Math.max(0, index) / perPage) + 1;
