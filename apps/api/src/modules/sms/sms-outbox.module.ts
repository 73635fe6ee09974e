import { Global, Module } from '@nestjs/common';
import { SmsOutbox } from './sms-outbox';

/** Global, like EmailOutboxModule: the booking engine injects SmsOutbox without importing the SMS module. */
@Global()
@Module({ providers: [SmsOutbox], exports: [SmsOutbox] })
export class SmsOutboxModule {}
