import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { BulkUpdateWaitingLimitsRequest, MESSAGES } from '@evreg/contracts';
import { IsDefined, IsInt, Max, Min } from 'class-validator';

/** Named in the OpenAPI document as before the code's rename (docs/architecture.md, "Words"). */
@ApiSchema({ name: 'BulkUpdateQueueLimitsDto' })
export class BulkUpdateWaitingLimitsDto implements BulkUpdateWaitingLimitsRequest {
  @ApiProperty({ minimum: 0, example: 15, description: 'No más que GlobalMaxQueueSpots' })
  @IsDefined({ message: MESSAGES.sessions.newWaitingLimitInvalid })
  @Min(0, { message: MESSAGES.sessions.newWaitingLimitInvalid })
  @Max(2_147_483_647, { message: MESSAGES.sessions.newWaitingLimitInvalid })
  @IsInt({ message: MESSAGES.sessions.newWaitingLimitInvalid })
  newQueueLimit: number;
}
