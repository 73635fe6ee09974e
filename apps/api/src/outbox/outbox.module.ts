import { Global, Module } from '@nestjs/common';
import { OutboxRegistry } from './outbox.registry';

/** Global: every module that records into an outbox reaches the registry without importing the channels'. */
@Global()
@Module({ providers: [OutboxRegistry], exports: [OutboxRegistry] })
export class OutboxModule {}
