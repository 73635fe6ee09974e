import { Module } from '@nestjs/common';
import { BookingEngineModule } from '../booking-engine/booking-engine.module';
import { HoldsController } from './holds.controller';
import { HoldsService } from './holds.service';

@Module({
  imports: [BookingEngineModule],
  controllers: [HoldsController],
  providers: [HoldsService],
  exports: [HoldsService],
})
export class HoldsModule {}
