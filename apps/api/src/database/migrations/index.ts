import { Foundation1763769600000 } from './1763769600000-Foundation';
import { BookingEngine1763856000000 } from './1763856000000-BookingEngine';
import { Email1764000000000 } from './1764000000000-Email';
import { SmsGdpr1764000000001 } from './1764000000001-SmsGdpr';
import { Probing1764000000002 } from './1764000000002-Probing';
import { ApiTokens1764000000003 } from './1764000000003-ApiTokens';
import { Webhooks1764000000004 } from './1764000000004-Webhooks';
import { ListIndexes1764000000050 } from './1764000000050-ListIndexes';
import { WebhookErrorsWithoutBodies1764000000055 } from './1764000000055-WebhookErrorsWithoutBodies';
import { OrganizerContact1764000000060 } from './1764000000060-OrganizerContact';
import { OrganizerInEmails1764000000061 } from './1764000000061-OrganizerInEmails';
import { WebhookDeliveryHistory1764000000100 } from './1764000000100-WebhookDeliveryHistory';
import { CheckIn1764000000200 } from './1764000000200-CheckIn';
import { TicketInEmails1764000000210 } from './1764000000210-TicketInEmails';
import { CompanionHolder1764000000211 } from './1764000000211-CompanionHolder';
import { ApiV11764000000230 } from './1764000000230-ApiV1';
import { WebhookSequence1764000000240 } from './1764000000240-WebhookSequence';
import { IdempotencyKeys1764000000250 } from './1764000000250-IdempotencyKeys';
import { Reminders1764000000220 } from './1764000000220-Reminders';
import { RegistrationListIndexes1764000000263 } from './1764000000263-RegistrationListIndexes';
import { WebhookRedeliverKey1764000000268 } from './1764000000268-WebhookRedeliverKey';
import { History1764000000270 } from './1764000000270-History';
import { Languages1764000000300 } from './1764000000300-Languages';
import { HistoryBulkAndFilters1764000000441 } from './1764000000441-HistoryBulkAndFilters';
import { PromotionKeepsRegistrationDate1764000000440 } from './1764000000440-PromotionKeepsRegistrationDate';
import { SessionRoomNotify1764000000310 } from './1764000000310-SessionRoomNotify';
import { DefaultTemplateTranslations1764000000400 } from './1764000000400-DefaultTemplateTranslations';
import { PeopleSearch1764000000430 } from './1764000000430-PeopleSearch';
import { BlacklistOncePerSession1764000000431 } from './1764000000431-BlacklistOncePerSession';
import { SessionCountersSequence1764000000450 } from './1764000000450-SessionCountersSequence';

/** Every migration in order. Applied at start (never `synchronize`). */
export const MIGRATIONS = [
  Foundation1763769600000,
  BookingEngine1763856000000,
  Email1764000000000,
  SmsGdpr1764000000001,
  Probing1764000000002,
  ApiTokens1764000000003,
  Webhooks1764000000004,
  ListIndexes1764000000050,
  WebhookErrorsWithoutBodies1764000000055,
  OrganizerContact1764000000060,
  OrganizerInEmails1764000000061,
  WebhookDeliveryHistory1764000000100,
  CheckIn1764000000200,
  TicketInEmails1764000000210,
  CompanionHolder1764000000211,
  ApiV11764000000230,
  WebhookSequence1764000000240,
  IdempotencyKeys1764000000250,
  Reminders1764000000220,
  RegistrationListIndexes1764000000263,
  WebhookRedeliverKey1764000000268,
  History1764000000270,
  Languages1764000000300,
  SessionRoomNotify1764000000310,
  DefaultTemplateTranslations1764000000400,
  PeopleSearch1764000000430,
  BlacklistOncePerSession1764000000431,
  PromotionKeepsRegistrationDate1764000000440,
  HistoryBulkAndFilters1764000000441,
  SessionCountersSequence1764000000450,
];
