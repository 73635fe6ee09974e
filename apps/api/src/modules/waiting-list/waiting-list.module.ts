import { Module } from '@nestjs/common';
import { BookingEngineModule } from '../booking-engine/booking-engine.module';
import { WaitingListController } from './waiting-list.controller';
import { WaitingListService } from './waiting-list.service';

@Module({ imports: [BookingEngineModule], controllers: [WaitingListController], providers: [WaitingListService] })
export class WaitingListModule {}
