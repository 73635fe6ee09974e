import { createContext, useContext } from 'react';
import type { AdminEvent, Session } from '@evreg/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { Banner } from '../../common/TimedAlert';

/** The dialogs of the events screen; any row (event or session) opens them through the screen's context. */
export type EventsDialog =
  | { kind: 'create-event' }
  | { kind: 'edit-event'; event: AdminEvent }
  | { kind: 'delete-event'; event: AdminEvent }
  | { kind: 'create-session'; event: AdminEvent }
  | { kind: 'edit-session'; event: AdminEvent; session: Session }
  | { kind: 'delete-session'; event: AdminEvent; session: Session }
  | { kind: 'redistribute'; event: AdminEvent; session: Session }
  | { kind: 'people'; event: AdminEvent; session: Session }
  | { kind: 'notify'; event: AdminEvent; session?: Session }
  | { kind: 'history'; event: AdminEvent; session?: Session };

/** The screen's state lives above the table: a row may be drawn again when the list is read again. */
export interface EventsScreen {
  open: (dialog: EventsDialog) => void;
  /** Tells the outcome of a row's action (success for 3 s, errors until closed). */
  say: (banner: Banner) => void;
  /** The session whose capacity is being edited in its row, if any. */
  editingCapacity: number | null;
  editCapacity: (sessionId: number | null) => void;
  /** Events.Create / Update / Delete (docs/product.md §6; the API checks them again). */
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** The session's people need Registrations.Read, removing one Registrations.Delete. */
  canSeePeople: boolean;
  canDeleteRegistration: boolean;
  /** The e-mail templates to choose from need Settings.Read. */
  canReadTemplates: boolean;
  /** The history of staff changes: administrators (Settings.Update). */
  canSeeHistory: boolean;
}

export const EventsScreenContext = createContext<EventsScreen | null>(null);

export function useEventsScreen(): EventsScreen {
  const screen = useContext(EventsScreenContext);
  if (!screen) throw new Error('useEventsScreen fuera de la pantalla de eventos');
  return screen;
}

/** Reloads the events list (with each event's sessions and live counts) and waits for it. */
export function useReloadEvents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['events'] });
}

/** 'Sesión 12' as staff call a session on this screen. */
export const sessionName = (session: Pick<Session, 'id'>) => `Sesión ${session.id}`;
