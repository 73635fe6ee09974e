import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { ActorContextInterceptor } from './actor-context';
import { HistoryController } from './history.controller';
import { HistoryService } from './history.service';

/** Global, like the outboxes: every service that changes a registration, an event or a session injects
 * HistoryService without importing this module (the booking engine included: no import cycle). */
@Global()
@Module({
  controllers: [HistoryController],
  providers: [HistoryService, { provide: APP_INTERCEPTOR, useClass: ActorContextInterceptor }],
  exports: [HistoryService],
})
export class HistoryModule {}
