import type { BlacklistReason, VisitorLanguage } from '@evreg/contracts';
import { VisitorMessages } from './http/visitor-language';

const catalogs = new VisitorMessages();

/** A text the code writes to a person (an e-mail's line, an SMS, a calendar's description) in `language`: the
 * visitor catalogs' `visitorEmail.<key>` / `visitorSms.<key>` with its {placeholders} filled (docs/domain.md,
 * "Idiomas: datos"). */
export function personText(language: VisitorLanguage, key: string, values: Record<string, string> = {}): string {
  return catalogs.render(language, key, values);
}

const REASON_KEYS: Record<BlacklistReason, string> = {
  0: 'visitorEmail.reasonNoShow',
  1: 'visitorEmail.reasonCancelled',
  2: 'visitorEmail.reasonOther',
};

/** A blacklist reason as the person reads it, in `language` (the Spanish texts are BLACKLIST_REASONS' labels);
 * `fallback` for a value without a text. */
export function blacklistReasonText(reason: unknown, language: VisitorLanguage, fallback: string): string {
  const key = typeof reason === 'number' ? REASON_KEYS[reason as BlacklistReason] : undefined;
  return key ? personText(language, key) : fallback;
}
