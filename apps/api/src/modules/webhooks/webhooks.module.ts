import { Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { AllowedDestinations } from './webhook-destination';
import { WebhookDeliveryService } from './webhook-delivery.service';
import { WebhookOutboxModule } from './webhook-outbox';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/** Signed webhooks: their configuration and the delivery of the outbox (`webhook_deliveries`). The booking engine
 * records events with WebhookOutbox (global) in its transactions; the outbox kit wakes WebhookDeliveryService after
 * the commit. */
@Module({
  imports: [WebhookOutboxModule],
  controllers: [WebhooksController],
  providers: [
    WebhooksService,
    WebhookDeliveryService,
    {
      provide: AllowedDestinations,
      useFactory: (config: AppConfig) => new AllowedDestinations(config.webhookAllowedDestinations),
      inject: [APP_CONFIG],
    },
  ],
})
export class WebhooksModule {}
