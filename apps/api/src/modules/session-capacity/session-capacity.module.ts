import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { SessionCapacityController } from './session-capacity.controller';
import { SessionCapacityService } from './session-capacity.service';

@Module({ imports: [SettingsModule], controllers: [SessionCapacityController], providers: [SessionCapacityService] })
export class SessionCapacityModule {}
