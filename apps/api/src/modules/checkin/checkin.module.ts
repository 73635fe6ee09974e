import { Module } from '@nestjs/common';
import { BlacklistModule } from '../blacklist/blacklist.module';
import { CheckInController } from './checkin.controller';
import { CheckInService } from './checkin.service';
import { DoorController } from './door.controller';
import { DoorLinksService } from './door-links.service';
import { NoShowsService } from './no-shows.service';
import { TicketsController } from './tickets.controller';

/** The day of the event: check-in at the door, door links and no-shows (docs/domain.md, "Check-in at the door").
 * Exports CheckInService for the ticket codes other modules show. */
@Module({
  imports: [BlacklistModule],
  controllers: [CheckInController, DoorController, TicketsController],
  providers: [CheckInService, DoorLinksService, NoShowsService],
  exports: [CheckInService],
})
export class CheckInModule {}
