import { applyDecorators } from '@nestjs/common';
import { ApiProperty, PickType } from '@nestjs/swagger';
import {
  BULK_MAX_SELECTION,
  BULK_MESSAGES,
  BulkBlacklistRequest,
  BulkItemResult,
  BulkMoveRequest,
  BulkNotifyAudience,
  BulkNotificationRequest,
  BulkResult,
  BulkSelectionRequest,
} from '@evreg/contracts';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsInt, Max, Min } from 'class-validator';
import { UpdateBlacklistEntryDto } from '../../blacklist/dto/blacklist.dto';
import { SendNotificationDto } from '../../notifications/dto/notification.dto';

const M = BULK_MESSAGES;

/** The selection: 1 to BULK_MAX_SELECTION registration ids (repeats count once). */
function RegistrationIds() {
  return applyDecorators(
    ApiProperty({ type: [Number], example: [41, 42], maxItems: BULK_MAX_SELECTION, minItems: 1 }),
    IsArray({ message: M.idsRequired }),
    ArrayNotEmpty({ message: M.idsRequired }),
    ArrayMaxSize(BULK_MAX_SELECTION, { message: M.tooMany }),
    IsInt({ each: true, message: M.idsInvalid }),
    Min(1, { each: true, message: M.idsInvalid }),
    Max(2_147_483_647, { each: true, message: M.idsInvalid }),
  );
}

export class BulkSelectionDto implements BulkSelectionRequest {
  @RegistrationIds() registrationIds: number[];
}

export class BulkMoveDto extends BulkSelectionDto implements BulkMoveRequest {
  @ApiProperty({ example: 13, description: 'Una sesión del mismo evento que todas las inscripciones' })
  @IsInt({ message: M.targetRequired })
  @Min(1, { message: M.targetRequired })
  @Max(2_147_483_647, { message: M.targetRequired })
  targetSessionId: number;
}

export class BulkBlacklistDto
  extends PickType(UpdateBlacklistEntryDto, ['blackListReason', 'blackListReasonDesc', 'notificationType', 'expiresAt'])
  implements BulkBlacklistRequest
{
  @RegistrationIds() registrationIds: number[];
}

export class BulkNotificationDto extends SendNotificationDto implements BulkNotificationRequest {
  @RegistrationIds() registrationIds: number[];
}

export class BulkItemResultDto implements BulkItemResult {
  @ApiProperty() registrationId: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Nombre y apellidos de la persona; null si quien actúa no puede ver inscripciones (Registrations.Read)',
  })
  name: string | null;
  @ApiProperty({ enum: ['done', 'skipped'] }) status: 'done' | 'skipped';
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Por qué no se aplicó (el mensaje de la acción individual)',
  })
  reason: string | null;
  @ApiProperty({ type: [Number], description: 'Personas en espera promovidas a la plaza que dejó' }) promoted: number[];
  @ApiProperty({ type: Number, nullable: true, description: 'Mover: posición en la lista de espera de destino' })
  queuePosition: number | null;
}

export class BulkResultDto implements BulkResult {
  @ApiProperty({ description: 'Inscripciones seleccionadas (sin repetir)' }) total: number;
  @ApiProperty() done: number;
  @ApiProperty() skipped: number;
  @ApiProperty({ type: [Number], description: 'Todas las promociones que causó la acción' }) promoted: number[];
  @ApiProperty({ type: [BulkItemResultDto] }) items: BulkItemResultDto[];
}

class BulkNotifySessionDto {
  @ApiProperty({ example: 'Concierto de Año Nuevo' }) eventTitle: string;
  @ApiProperty({ example: '2027-01-01' }) startDate: string;
  @ApiProperty({ example: '19:00' }) startTime: string;
  @ApiProperty() isAllDay: boolean;
  @ApiProperty({ description: 'Inscripciones activas de la selección en esta sesión' }) recipients: number;
  @ApiProperty({ description: 'De ellas, con teléfono (un SMS solo va a estas)' }) withPhone: number;
}

export class BulkNotifyAudienceDto implements BulkNotifyAudience {
  @ApiProperty({ description: 'Inscripciones seleccionadas (sin repetir)' }) selected: number;
  @ApiProperty({ description: 'De ellas, las activas: a quienes va la notificación' }) recipients: number;
  @ApiProperty({ type: [BulkNotifySessionDto] }) sessions: BulkNotifySessionDto[];
}
