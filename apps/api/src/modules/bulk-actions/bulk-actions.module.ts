import { Module } from '@nestjs/common';
import { HttpV1Module } from '../../http-v1/http-v1.module';
import { BlacklistModule } from '../blacklist/blacklist.module';
import { BookingEngineModule } from '../booking-engine/booking-engine.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { RegistrationsModule } from '../registrations/registrations.module';
import { BulkActionsController } from './bulk-actions.controller';
import { BulkActionsService } from './bulk-actions.service';
import { BulkIdempotency } from './bulk-idempotency';
import { BulkMoveService } from './bulk-move.service';

/** Bulk actions on a selection of registrations (Registros, a session's people): cancel, resend, move, blacklist,
 * notify, each person through the single action's service. */
@Module({
  imports: [BlacklistModule, BookingEngineModule, HttpV1Module, NotificationsModule, RegistrationsModule],
  controllers: [BulkActionsController],
  providers: [BulkActionsService, BulkMoveService, BulkIdempotency],
})
export class BulkActionsModule {}
