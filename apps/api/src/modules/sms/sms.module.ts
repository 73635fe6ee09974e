import { Module } from '@nestjs/common';
import { NetelipClient } from './netelip.client';
import { SmsOutboxModule } from './sms-outbox.module';
import { SmsController } from './sms.controller';
import { SmsDeliveryService } from './sms-delivery.service';
import { SmsLogService } from './sms-log.service';
import { SmsSettingsService } from './sms-settings.service';

/** SMS through Netelip: settings, the log/outbox (sms_messages) and its delivery. Other modules record SMS with
 * SmsOutbox (sms-outbox.ts, global through SmsOutboxModule) in their own transactions; the outbox kit queues them
 * for SmsDeliveryService after the commit. */
@Module({
  imports: [SmsOutboxModule],
  controllers: [SmsController],
  providers: [SmsSettingsService, SmsLogService, SmsDeliveryService, NetelipClient],
})
export class SmsModule {}
