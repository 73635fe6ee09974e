import { Module } from '@nestjs/common';
import { BookingEngineModule } from '../booking-engine/booking-engine.module';
import { SettingsModule } from '../settings/settings.module';
import { SessionCapacityController } from './session-capacity.controller';
import { SessionCapacityService } from './session-capacity.service';

@Module({
  imports: [SettingsModule, BookingEngineModule],
  controllers: [SessionCapacityController],
  providers: [SessionCapacityService],
  exports: [SessionCapacityService],
})
export class SessionCapacityModule {}
