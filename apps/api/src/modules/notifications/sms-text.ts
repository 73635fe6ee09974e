import { SMS_LIMITS } from '@evreg/contracts';

export interface SessionDetails {
  eventTitle: string;
  /** 'YYYY-MM-DD' */
  startDate: string;
  /** 'HH:MM' */
  startTime: string;
  isAllDay: boolean;
}

/** The staff message plus the event details the system adds on a new line: title, date (dd/mm/yyyy) and start
 * time, the title cut ('...', which stays in GSM-7) so the details take at most 80 characters. With a message of
 * at most 80 characters the whole SMS stays within 160. */
export function notificationSmsText(message: string, session: SessionDetails): string {
  const [year, month, day] = session.startDate.split('-');
  const when = `${day}/${month}/${year}${session.isAllDay ? '' : ` ${session.startTime}`}`;
  const room = SMS_LIMITS.eventDetailsMax - `\n: ${when}`.length;
  const chars = [...session.eventTitle.trim()];
  const title =
    chars.length <= room
      ? chars.join('')
      : `${chars
          .slice(0, room - 3)
          .join('')
          .trimEnd()}...`;
  return `${message}\n${title}: ${when}`;
}
