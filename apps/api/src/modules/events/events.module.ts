import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BookingEngineModule } from '../booking-engine/booking-engine.module';
import { SettingsModule } from '../settings/settings.module';
import { EventCategoryEntity } from './entities/event-category.entity';
import { EventEntity } from './entities/event.entity';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';
import { PublicEventsController } from './public-events.controller';
import { QueueLimitsController } from './queue-limits.controller';
import { SessionsController } from './sessions.controller';
import { SessionsService } from './sessions.service';

/** Events, their sessions and the live counts of a session (querySessions in session-view.query.ts, shared
 * with the booking engine). */
@Module({
  imports: [TypeOrmModule.forFeature([EventEntity, EventCategoryEntity]), SettingsModule, BookingEngineModule],
  controllers: [EventsController, PublicEventsController, SessionsController, QueueLimitsController],
  providers: [EventsService, SessionsService],
  exports: [EventsService, SessionsService],
})
export class EventsModule {}
