import { SMS_LIMITS } from './sms';

/** GSM 03.38 basic character set (7 bits each). The escape character is left out: it only introduces the
 * extension table. Of the Spanish letters only é, ñ, Ñ, ü, Ü, ¿ and ¡ are here: á, í, ó, ú and Á, Í, Ó, Ú are not. */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** Extension table: each is sent as escape + character, so it takes two septets. */
const GSM_EXTENSION = new Set('^{}\\[~]|€\f');

/** Units in one SMS and in each part of a split one (the rest of each part carries the concatenation header). */
export const SMS_ENCODINGS = {
  'GSM-7': { single: 160, perPart: 153 },
  'UCS-2': { single: 70, perPart: 67 },
} as const;

export type SmsEncoding = keyof typeof SMS_ENCODINGS;

export interface SmsSize {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  parts: number;
  /** Units left before the text takes one more part. */
  unitsLeft: number;
}

/** How many SMS parts a text takes: the one count the server charges by and the back office estimates with.
 * GSM-7: 160 septets in one SMS, 153 per part when split; the extension characters (€ [ ] { } ^ ~ | \) take two.
 * Any character outside GSM-7 turns the whole text into UCS-2: 70 code units in one SMS, 67 per part
 * (characters beyond the BMP, such as emoji, take two units). */
export function smsSize(text: string): SmsSize {
  let septets = 0;
  for (const char of text) {
    if (GSM_BASIC.has(char)) septets += 1;
    else if (GSM_EXTENSION.has(char)) septets += 2;
    else return sized('UCS-2', text.length);
  }
  return sized('GSM-7', septets);
}

function sized(encoding: SmsEncoding, units: number): SmsSize {
  const { single, perPart } = SMS_ENCODINGS[encoding];
  const parts = units <= single ? 1 : Math.ceil(units / perPart);
  return { encoding, units, parts, unitsLeft: (parts === 1 ? single : parts * perPart) - units };
}

/** Estimated cost in euros (0.10 per part), rounded to cents. */
export function smsCost(parts: number): number {
  return Math.round(parts * SMS_LIMITS.costPerPart * 100) / 100;
}

/** The session an SMS speaks of. */
export interface SmsSessionDetails {
  eventTitle: string;
  /** 'YYYY-MM-DD' */
  startDate: string;
  /** 'HH:MM' (seconds, if given, are left out) */
  startTime: string;
  isAllDay: boolean;
}

/** The staff message plus the event details the system adds on a new line: title, date (dd/mm/yyyy) and start
 * time, the title cut ('...', which stays in GSM-7) so the details take at most 80 characters. With a message of
 * at most 80 characters the whole SMS stays within 160 characters (one SMS in GSM-7; in UCS-2, over 70, it is
 * split). */
export function notificationSmsText(message: string, session: SmsSessionDetails): string {
  const [year, month, day] = session.startDate.split('-');
  const when = `${day}/${month}/${year}${session.isAllDay ? '' : ` ${session.startTime.slice(0, 5)}`}`;
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
