import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { SessionCapacityModule } from '../session-capacity/session-capacity.module';
import { DeletionsService } from './deletions.service';
import { SessionUpsertService } from './session-upsert.service';
import {
  DeletionsV1Controller,
  EventsV1Controller,
  RegistrationsV1Controller,
  SessionsV1Controller,
  WaitingListEntriesV1Controller,
} from './v1.controllers';
import { V1ReadsService } from './v1-reads.service';

/** /api/v1, the integrators' API (docs/integrations.md), with its own OpenAPI document (openapi.ts). */
@Module({
  imports: [EventsModule, SessionCapacityModule],
  controllers: [
    EventsV1Controller,
    SessionsV1Controller,
    RegistrationsV1Controller,
    WaitingListEntriesV1Controller,
    DeletionsV1Controller,
  ],
  providers: [V1ReadsService, SessionUpsertService, DeletionsService],
})
export class ApiV1Module {}
