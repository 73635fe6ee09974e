import { Module } from '@nestjs/common';
import { EmailController } from './email.controller';
import { EmailDeliveryService } from './email-delivery.service';
import { EmailLogsController } from './email-logs.controller';
import { EmailLogsService } from './email-logs.service';
import { EmailOutboxModule } from './email-outbox';
import { EmailSettingsService } from './email-settings.service';
import { EmailTemplatesController } from './email-templates.controller';
import { EmailTemplatesService } from './email-templates.service';
import { SmtpMailer } from './smtp-mailer';

/** E-mail: SMTP settings, templates, the log, and delivery of the outbox (`email_messages`). Other modules only
 * record messages with EmailOutbox (global) in their transactions; the outbox kit wakes the sender after the
 * commit. */
@Module({
  imports: [EmailOutboxModule],
  controllers: [EmailController, EmailTemplatesController, EmailLogsController],
  providers: [EmailSettingsService, EmailTemplatesService, EmailLogsService, EmailDeliveryService, SmtpMailer],
})
export class EmailModule {}
