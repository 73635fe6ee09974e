import { HistoryEntryDto } from '../../history/dto/history.dto';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  GdprBlacklistEntry,
  GdprConsent,
  GdprDeleteResult,
  GdprCheckIn,
  GdprExport,
  GdprMatch,
  GdprMessage,
  GdprRegistration,
  GdprRegistrationStatus,
  GdprSummary,
  VISITOR_LANGUAGES,
  type VisitorLanguage,
} from '@evreg/contracts';
import { IsOptional, IsString } from 'class-validator';

export class GdprSearchQueryDto {
  @ApiPropertyOptional({
    example: 'ana@example.com',
    description: "Requerido: sin él, 400 'Por favor indique un correo electrónico'",
  })
  @IsOptional()
  @IsString()
  email?: string;
}

export class GdprMatchDto implements GdprMatch {
  @ApiProperty() registrationId: number;
  @ApiProperty({ example: 'R-000123' }) reference: string;
  @ApiProperty() eventId: number;
  @ApiProperty() eventTitle: string;
  @ApiProperty() sessionId: number;
  @ApiProperty({ example: '2026-12-01 10:00-11:30' }) sessionInfo: string;
  @ApiProperty({ enum: ['Active', 'Cancelled', 'Waiting'] }) status: GdprRegistrationStatus;
  @ApiProperty({ type: Number, nullable: true, description: 'Posición en la lista de espera (Waiting)' })
  queuePosition: number | null;
  @ApiProperty({ format: 'date-time' }) registeredAt: string;
}

export class GdprSummaryDto implements GdprSummary {
  @ApiProperty({ example: 'ana@example.com', description: 'Normalizado (minúsculas)' }) email: string;
  @ApiProperty() hasData: boolean;
  @ApiProperty({ description: 'Inscripciones activas, canceladas y en lista de espera' }) registrationCount: number;
  @ApiProperty() consentCount: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastActivity: string | null;
  @ApiProperty({
    type: [GdprMatchDto],
    description: 'Dónde está la persona: cada inscripción o entrada de lista de espera con su evento, sesión y estado',
  })
  matches: GdprMatchDto[];
}

export class GdprRegistrationDto implements GdprRegistration {
  @ApiProperty() id: number;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() email: string;
  @ApiProperty() userTaxId: string;
  @ApiProperty({ type: String, nullable: true }) telephoneNumber: string | null;
  @ApiProperty() eventTitle: string;
  @ApiProperty({ example: '2026-12-31' }) sessionDate: string;
  @ApiProperty({ example: '10:00:00' }) sessionStartTime: string;
  @ApiProperty({ example: '11:30:00' }) sessionEndTime: string;
  @ApiProperty({ format: 'date-time' }) registeredAt: string;
  @ApiProperty({ enum: ['Active', 'Cancelled', 'Waiting'] }) status: GdprRegistrationStatus;
  @ApiProperty({ type: Number, nullable: true }) queuePosition: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) cancelledAt: string | null;
  @ApiProperty({ enum: VISITOR_LANGUAGES, description: 'El idioma en que se inscribió' }) language: VisitorLanguage;
}

export class GdprConsentDto implements GdprConsent {
  @ApiProperty({ example: 'PrivacyPolicy' }) consentType: string;
  @ApiProperty() isConsented: boolean;
  @ApiProperty({ format: 'date-time' }) consentDate: string;
  @ApiProperty({ type: String, nullable: true }) ipAddress: string | null;
}

export class GdprBlacklistEntryDto implements GdprBlacklistEntry {
  @ApiProperty({ type: String, nullable: true }) eventTitle: string | null;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty({ type: String, nullable: true }) phoneNumber: string | null;
  @ApiProperty({ example: 'No Show' }) reason: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class GdprMessageDto implements GdprMessage {
  @ApiProperty({ enum: ['Email', 'SMS'] }) channel: 'Email' | 'SMS';
  @ApiProperty({ example: 'Registration' }) type: string;
  @ApiProperty() to: string;
  @ApiProperty({ enum: ['Pending', 'Sent', 'Failed'] }) status: 'Pending' | 'Sent' | 'Failed';
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class GdprCheckInDto implements GdprCheckIn {
  @ApiProperty() registrationId: number;
  @ApiProperty() eventTitle: string;
  @ApiProperty({ example: '2026-12-01' }) sessionDate: string;
  @ApiProperty({ format: 'date-time' }) checkedInAt: string;
  @ApiProperty({ type: String, nullable: true }) door: string | null;
  @ApiProperty({ type: String, nullable: true }) checkedInBy: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) undoneAt: string | null;
}

export class GdprExportDto implements GdprExport {
  @ApiProperty() email: string;
  @ApiProperty({ format: 'date-time' }) exportedAt: string;
  @ApiProperty() totalRegistrations: number;
  @ApiProperty({ type: [GdprRegistrationDto] }) registrations: GdprRegistrationDto[];
  @ApiProperty() totalConsents: number;
  @ApiProperty({ type: [GdprConsentDto] }) consentHistory: GdprConsentDto[];
  @ApiProperty({ type: [GdprBlacklistEntryDto] }) blacklistEntries: GdprBlacklistEntryDto[];
  @ApiProperty({ type: [GdprMessageDto] }) messages: GdprMessageDto[];
  @ApiProperty({ type: [GdprCheckInDto], description: 'Entradas registradas en la puerta' }) checkIns: GdprCheckInDto[];
  @ApiProperty({ type: [HistoryEntryDto], description: 'Historial de cada inscripción' }) history: HistoryEntryDto[];
}

export class GdprDeleteResultDto implements GdprDeleteResult {
  @ApiProperty() email: string;
  @ApiProperty({ description: 'Todas: activas, canceladas y en lista de espera' }) deletedRegistrations: number;
  @ApiProperty() deletedWaitingEntries: number;
  @ApiProperty() deletedConsents: number;
  @ApiProperty({ description: 'Entradas registradas en la puerta' }) deletedCheckIns: number;
  @ApiProperty() deletedEmailMessages: number;
  @ApiProperty() deletedSmsMessages: number;
  @ApiProperty({ description: 'Entradas de la lista negra ya expiradas' }) deletedBlacklistEntries: number;
  @ApiProperty({ description: 'Entradas de la lista negra activas: se conservan hasta que expiran' })
  keptActiveBlacklistEntries: number;
  @ApiProperty({ description: 'Personas promovidas desde la lista de espera a las plazas liberadas' })
  promotedFromWaitingList: number;
  @ApiProperty({ description: 'Entradas del historial de las inscripciones eliminadas' }) deletedHistoryEntries: number;
}
