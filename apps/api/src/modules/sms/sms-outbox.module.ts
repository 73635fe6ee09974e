import { Global, Module } from '@nestjs/common';
import { SmsOutbox } from './sms-outbox';

/** Until the booking engine imports SmsOutbox from './sms-outbox' (it is being split meanwhile). */
export { SmsOutbox };

/** Global, like EmailOutboxModule: the booking engine injects SmsOutbox without importing the SMS module. */
@Global()
@Module({ providers: [SmsOutbox], exports: [SmsOutbox] })
export class SmsOutboxModule {}
