import { Module } from '@nestjs/common';
import { BookingEngineModule } from '../booking-engine/booking-engine.module';
import { GdprController } from './gdpr.controller';
import { GdprService } from './gdpr.service';

/** Data-protection requests by e-mail address (GDPR.Delete). */
@Module({ imports: [BookingEngineModule], controllers: [GdprController], providers: [GdprService] })
export class GdprModule {}
