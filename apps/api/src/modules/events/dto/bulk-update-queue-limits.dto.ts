import { ApiProperty } from '@nestjs/swagger';
import { BulkUpdateQueueLimitsRequest, MESSAGES } from '@evreg/contracts';
import { IsDefined, IsInt, Max, Min } from 'class-validator';

export class BulkUpdateQueueLimitsDto implements BulkUpdateQueueLimitsRequest {
  @ApiProperty({ minimum: 0, example: 15, description: 'No más que GlobalMaxQueueSpots' })
  @IsDefined({ message: MESSAGES.sessions.newQueueLimitInvalid })
  @Min(0, { message: MESSAGES.sessions.newQueueLimitInvalid })
  @Max(2_147_483_647, { message: MESSAGES.sessions.newQueueLimitInvalid })
  @IsInt({ message: MESSAGES.sessions.newQueueLimitInvalid })
  newQueueLimit: number;
}
