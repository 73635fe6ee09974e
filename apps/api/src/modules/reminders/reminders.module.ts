import { Module } from '@nestjs/common';
import { RemindersService } from './reminders.service';

/** Reminders before a session (docs/domain.md, "Reminders"). The outboxes are global modules. */
@Module({ providers: [RemindersService], exports: [RemindersService] })
export class RemindersModule {}
