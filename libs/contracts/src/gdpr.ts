import type { HistoryEntry } from './history';
import type { VisitorLanguage } from './languages';

/** Data-protection (GDPR) requests by e-mail address (docs/product.md §3, 5 and 7). */

export interface GdprSummary {
  email: string;
  /** Anything is held for this address: registrations, waiting entries, consents, messages or blacklist entries. */
  hasData: boolean;
  /** Registrations in any state: active, cancelled and waiting. */
  registrationCount: number;
  consentCount: number;
  /** The latest registration, cancellation, consent or message of the person; null without data. */
  lastActivity: string | null;
  /** Where the person is: each registration or waiting entry with its event, session and state, newest first. */
  matches: GdprMatch[];
}

/** One registration of the person found by the GDPR search. */
export interface GdprMatch {
  registrationId: number;
  /** The booking reference, 'R-000123'. */
  reference: string;
  eventId: number;
  eventTitle: string;
  sessionId: number;
  /** '2026-12-01 10:00-11:30', or the date alone for an all-day session. */
  sessionInfo: string;
  status: GdprRegistrationStatus;
  /** Position on the waiting list (status Waiting); null otherwise. */
  queuePosition: number | null;
  registeredAt: string;
}

export type GdprRegistrationStatus = 'Active' | 'Cancelled' | 'Waiting';

export interface GdprRegistration {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  userTaxId: string;
  telephoneNumber: string | null;
  eventTitle: string;
  /** 'YYYY-MM-DD', and the session's times ('HH:MM:SS'). */
  sessionDate: string;
  sessionStartTime: string;
  sessionEndTime: string;
  registeredAt: string;
  status: GdprRegistrationStatus;
  queuePosition: number | null;
  cancelledAt: string | null;
  /** The language they booked in. */
  language: VisitorLanguage;
}

export interface GdprConsent {
  consentType: string;
  isConsented: boolean;
  consentDate: string;
  ipAddress: string | null;
}

export interface GdprBlacklistEntry {
  eventTitle: string | null;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  reason: string;
  description: string | null;
  expiresAt: string;
  createdAt: string;
}

export interface GdprMessage {
  channel: 'Email' | 'SMS';
  type: string;
  /** The e-mail address or phone number it went to. */
  to: string;
  status: 'Pending' | 'Sent' | 'Failed';
  createdAt: string;
}

/** A check-in at the door of one of the person's registrations (issue 21), undone ones too. */
export interface GdprCheckIn {
  registrationId: number;
  eventTitle: string;
  /** 'YYYY-MM-DD' */
  sessionDate: string;
  checkedInAt: string;
  door: string | null;
  /** Who checked them in: a staff member's name, an API token's or a door link's label. */
  checkedInBy: string | null;
  undoneAt: string | null;
}

export interface GdprExport {
  email: string;
  exportedAt: string;
  totalRegistrations: number;
  /** Active, cancelled and waiting (status 'Waiting', with queuePosition). */
  registrations: GdprRegistration[];
  totalConsents: number;
  consentHistory: GdprConsent[];
  blacklistEntries: GdprBlacklistEntry[];
  messages: GdprMessage[];
  checkIns: GdprCheckIn[];
  /** The history of each registration (docs/domain.md, "History"), oldest first per registration. */
  history: HistoryEntry[];
}

export interface GdprDeleteResult {
  email: string;
  /** Every registration row removed: active, cancelled and waiting. */
  deletedRegistrations: number;
  /** Of those, waiting entries. */
  deletedWaitingEntries: number;
  deletedConsents: number;
  deletedEmailMessages: number;
  deletedSmsMessages: number;
  /** Check-ins at the door of the registrations removed. */
  deletedCheckIns: number;
  /** Expired blacklist entries removed; active ones are kept until they expire (docs/domain.md). */
  deletedBlacklistEntries: number;
  keptActiveBlacklistEntries: number;
  /** People promoted from waiting lists into the seats freed. */
  promotedFromWaitingList: number;
  /** Entries of the registrations' history removed with them. */
  deletedHistoryEntries: number;
}

export const GDPR_MESSAGES = {
  emailRequired: 'Por favor indique un correo electrónico',
} as const;
