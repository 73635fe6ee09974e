import { ApiProperty } from '@nestjs/swagger';
import type { CheckState, OutboxBacklog, OutboxChannelName, ServiceCheck, SystemStatus } from '@evreg/contracts';

const STATES: CheckState[] = ['ok', 'down', 'not-configured', 'embedded'];

class ServiceCheckDto implements ServiceCheck {
  @ApiProperty({ enum: STATES, description: '`down`: configurado y sin responder' }) state: CheckState;
  @ApiProperty({ type: Number, nullable: true, description: 'Milisegundos de la comprobación' }) latencyMs:
    number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Servidor comprobado o motivo del fallo' }) detail:
    string | null;
}

class DatabaseCheckDto extends ServiceCheckDto {
  @ApiProperty({ enum: ['postgres', 'embedded'] }) mode: 'postgres' | 'embedded';
}

class VersionDto {
  @ApiProperty({ example: '0.1.0' }) version: string;
  @ApiProperty({ type: String, nullable: true }) commit: string | null;
}

class OutboxBacklogDto implements OutboxBacklog {
  @ApiProperty({ enum: ['email', 'sms', 'webhook'] }) channel: OutboxChannelName;
  @ApiProperty({ description: 'Mensajes pendientes de envío' }) pending: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Segundos que lleva esperando el más antiguo' })
  oldestPendingSeconds: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Último barrido de esta instancia' })
  lastSweepAt: string | null;
}

export class SystemStatusDto implements SystemStatus {
  @ApiProperty({ format: 'date-time' }) checkedAt: string;
  @ApiProperty({ type: VersionDto }) version: VersionDto;
  @ApiProperty({ type: DatabaseCheckDto }) database: DatabaseCheckDto;
  @ApiProperty({ type: ServiceCheckDto }) redis: ServiceCheckDto;
  @ApiProperty({ type: ServiceCheckDto }) smtp: ServiceCheckDto;
  @ApiProperty({ type: ServiceCheckDto }) sms: ServiceCheckDto;
  @ApiProperty({ type: [OutboxBacklogDto] }) outbox: OutboxBacklogDto[];
}
