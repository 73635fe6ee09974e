import type { BlacklistNotificationType, BlacklistReason } from './booking';
import type { SendNotificationRequest } from './sms';

/** At most this many registrations in one bulk action (a larger selection is refused with a 400). */
export const BULK_MAX_SELECTION = 500;

/** The bulk actions on a selection of registrations (Registros, a session's people). */
export type BulkAction = 'cancel' | 'resend' | 'move' | 'blacklist' | 'notify';

export interface BulkSelectionRequest {
  registrationIds: number[];
}

export interface BulkMoveRequest extends BulkSelectionRequest {
  /** A session of the same event as every selected registration. */
  targetSessionId: number;
}

export interface BulkBlacklistRequest extends BulkSelectionRequest {
  blackListReason: BlacklistReason;
  blackListReasonDesc?: string | null;
  notificationType?: BlacklistNotificationType;
  /** YYYY-MM-DD or an ISO instant, as for one entry. */
  expiresAt: string;
}

export type BulkNotificationRequest = BulkSelectionRequest & SendNotificationRequest;

/** What happened to one selected person: done, or skipped with the single action's Spanish reason. */
export interface BulkItemResult {
  registrationId: number;
  /** The person's name ('Ana García'), for a staff member who may see registrations (Registrations.Read), else
   * null: the report names everyone, on the page or not (selected under another search, moved along). */
  name?: string | null;
  status: 'done' | 'skipped';
  /** Why it was skipped (the same message the single action answers), null when done. */
  reason: string | null;
  /** Waiting entries promoted into the seat this person freed (cancel, move). */
  promoted: number[];
  /** Move: the waiting-list position in the target session, null when seated there (or not moved). */
  queuePosition: number | null;
}

export interface BulkResult {
  total: number;
  done: number;
  skipped: number;
  /** Every promotion the action caused, in order. */
  promoted: number[];
  items: BulkItemResult[];
}

/** Who a bulk notification would reach, asked before sending (the confirmation's count and SMS estimate): the
 * selection's active registrations, per session, with the details the server adds to their SMS. */
export interface BulkNotifyAudience {
  /** Registrations selected (without repeats). */
  selected: number;
  /** Of them, the active ones: the notification goes to these only. */
  recipients: number;
  sessions: {
    eventTitle: string;
    startDate: string;
    startTime: string;
    isAllDay: boolean;
    /** Active registrations of the selection in this session. */
    recipients: number;
    /** Of them, with a phone number (an SMS goes to these only). */
    withPhone: number;
  }[];
}

export const BULK_MESSAGES = {
  idsRequired: 'Selecciona al menos una inscripción',
  idsInvalid: 'Los identificadores de inscripción deben ser números enteros positivos',
  tooMany: `No se pueden procesar más de ${BULK_MAX_SELECTION} inscripciones a la vez`,
  unknownIds: (ids: number[]) => `No existen las inscripciones: ${ids.join(', ')}`,
  targetRequired: 'Elige la sesión de destino',
  targetNotFound: 'La sesión de destino no existe',
  targetOtherEvent: 'La sesión de destino debe ser del mismo evento que todas las inscripciones seleccionadas',
  targetStarted: 'La sesión de destino ya ha comenzado',
  alreadyThere: 'Ya está en la sesión de destino',
  cancelledCannotMove: 'Está cancelada: no se puede mover',
  noRoom: 'No cabe: sesión completa y lista de espera llena',
  alreadyInTarget: 'Ya está inscrita en la sesión de destino',
  notActiveForNotification: 'No está activa: no se le envía la notificación',
  movedWithCompanion: 'Se mueve junto con su acompañante',
  idempotencyInFlight: 'Esta acción ya se está procesando: espera a que termine',
  idempotencyReused: 'Esta clave de acción ya se usó para otra petición',
} as const;
