import { SMS_LIMITS } from '@evreg/contracts';

/** GSM 03.38 basic character set (7 bits each). The escape character is left out: it only introduces the
 * extension table. */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** Extension table: each is sent as escape + character, so it takes two septets. */
const GSM_EXTENSION = new Set('^{}\\[~]|€\f');

export interface SmsSize {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  parts: number;
}

/** How many SMS parts a text takes. GSM-7: 160 septets in one SMS, 153 per part when split (the rest of each
 * part carries the concatenation header). Any character outside GSM-7 turns the whole text into UCS-2:
 * 70 code units in one SMS, 67 per part (characters beyond the BMP, such as emoji, take two units). */
export function smsSize(text: string): SmsSize {
  let septets = 0;
  for (const char of text) {
    if (GSM_BASIC.has(char)) septets += 1;
    else if (GSM_EXTENSION.has(char)) septets += 2;
    else {
      const units = text.length;
      return { encoding: 'UCS-2', units, parts: units <= 70 ? 1 : Math.ceil(units / 67) };
    }
  }
  return { encoding: 'GSM-7', units: septets, parts: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}

/** Estimated cost in euros (0.10 per part), rounded to cents. */
export function smsCost(parts: number): number {
  return Math.round(parts * SMS_LIMITS.costPerPart * 100) / 100;
}
