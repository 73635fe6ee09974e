import { ApiProperty } from '@nestjs/swagger';
import type { HealthStatus, LivenessStatus, ReadinessStatus } from '@evreg/contracts';

class DatabaseHealthDto {
  @ApiProperty({ enum: ['up', 'down'] }) status: 'up' | 'down';
  @ApiProperty({ enum: ['postgres', 'embedded'] }) mode: 'postgres' | 'embedded';
}

class QueueHealthDto {
  @ApiProperty({ enum: ['up', 'down'] }) status: 'up' | 'down';
  @ApiProperty({ enum: ['redis', 'in-process'] }) mode: 'redis' | 'in-process';
}

export class HealthStatusDto implements HealthStatus {
  @ApiProperty({ enum: ['ok', 'error'] }) status: 'ok' | 'error';
  @ApiProperty({ type: DatabaseHealthDto }) database: DatabaseHealthDto;
  @ApiProperty({ type: QueueHealthDto }) queue: QueueHealthDto;
}

export class LivenessStatusDto implements LivenessStatus {
  @ApiProperty({ enum: ['ok'] }) status: 'ok';
}

export class ReadinessStatusDto implements ReadinessStatus {
  @ApiProperty({ enum: ['ready', 'draining'] }) status: 'ready' | 'draining';
}
