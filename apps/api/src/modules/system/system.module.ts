import { Module } from '@nestjs/common';
import { SystemController } from './system.controller';
import { SystemStatusService } from './system-status.service';

/** 'Estado del sistema' for staff (Settings.Read). */
@Module({ controllers: [SystemController], providers: [SystemStatusService] })
export class SystemModule {}
