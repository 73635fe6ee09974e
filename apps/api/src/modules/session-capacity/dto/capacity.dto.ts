import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { MESSAGES } from '@evreg/contracts';
import { Allow, IsBoolean, IsDefined, IsInt, Max, Min } from 'class-validator';

const c = MESSAGES.capacity;
const s = MESSAGES.sessions;
/** Far above any room; keeps every count well inside PostgreSQL's int. */
export const CAPACITY_MAX = 100_000;
const tooLarge = c.tooLarge.replace('{n}', String(CAPACITY_MAX));
// @IsInt comes last on purpose: the first constraint to register (bottom-up) is the one reported, so a text
// reads as "must be a whole number" rather than as out of range.

export class MaxAttendeesDto {
  @ApiProperty({ example: 20, minimum: 1, maximum: CAPACITY_MAX, description: 'Aforo total' })
  @IsDefined({ message: s.maxAttendeesRequired })
  @Min(1, { message: c.maxAttendeesMin })
  @Max(CAPACITY_MAX, { message: tooLarge })
  @IsInt({ message: s.maxAttendeesInvalid })
  maxAttendees: number;
}

export class ReservedSpotsDto {
  @ApiProperty({ example: 5, minimum: 0, description: 'Plazas reservadas para inscripciones manuales' })
  @IsDefined({ message: s.reservedSpotsInvalid })
  @Min(0, { message: c.reservedNegative })
  @Max(CAPACITY_MAX, { message: c.reservedAboveCapacity })
  @IsInt({ message: s.reservedSpotsInvalid })
  reservedSpots: number;
}

/** Named in the OpenAPI document as before the code's rename (docs/architecture.md, "Words"). */
@ApiSchema({ name: 'MaxQueueSpotsDto' })
export class MaxWaitingSpotsDto {
  @ApiProperty({ example: 10, minimum: 0, description: 'Máximo de personas en lista de espera' })
  @IsDefined({ message: s.maxQueueSpotsInvalid })
  @Min(0, { message: c.waitingLimitNegative })
  @Max(CAPACITY_MAX, { message: c.waitingLimitAboveCapacity })
  @IsInt({ message: s.maxQueueSpotsInvalid })
  maxQueueSpots: number;
}

export class RedistributeReservedSpotsDto {
  /** Checked by the service (missing and wrong types too): the message names the number of unused reserved
   * spots, known only under the session lock. */
  @ApiProperty({ type: 'integer', example: 2, minimum: 1, description: 'Entre 1 y las plazas reservadas sin usar' })
  @Allow()
  spotsToRedistribute: unknown;
}

export class TogglePromotionLockDto {
  @ApiProperty({
    description: 'true: sin promoción automática desde la lista de espera; false: promueve ya y en adelante',
  })
  @IsDefined({ message: c.isLockedRequired })
  @IsBoolean({ message: c.isLockedRequired })
  isLocked: boolean;
}
