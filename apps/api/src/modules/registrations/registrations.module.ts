import { Module } from '@nestjs/common';
import { BlacklistModule } from '../blacklist/blacklist.module';
import { BookingEngineModule } from '../booking-engine/booking-engine.module';
import { CheckInModule } from '../checkin/checkin.module';
import { HoldsModule } from '../holds/holds.module';
import { BookingController } from './booking.controller';
import { BookingService } from './booking.service';
import { CancellationService } from './cancellation.service';
import { EarlyRefusals } from './early-refusals';
import { RefusalLimiter } from './refusal-limiter';
import { RegistrationsAdminController } from './registrations-admin.controller';
import { RegistrationsAdminService } from './registrations-admin.service';
import { SessionInfoReader } from './session-info';

@Module({
  imports: [BlacklistModule, BookingEngineModule, CheckInModule, HoldsModule],
  controllers: [BookingController, RegistrationsAdminController],
  providers: [
    BookingService,
    CancellationService,
    EarlyRefusals,
    RegistrationsAdminService,
    RefusalLimiter,
    SessionInfoReader,
  ],
  exports: [CancellationService, RegistrationsAdminService],
})
export class RegistrationsModule {}
