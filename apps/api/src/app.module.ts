import { DynamicModule, Module, Type } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { HttpV1Module } from './http-v1/http-v1.module';
import type { DatabaseTarget } from './database/data-source';
import { ApiTokensModule } from './modules/api-tokens/api-tokens.module';
import { ApiV1Module } from './modules/api-v1/api-v1.module';
import { AuthModule } from './modules/auth/auth.module';
import { BlacklistModule } from './modules/blacklist/blacklist.module';
import { BulkActionsModule } from './modules/bulk-actions/bulk-actions.module';
import { CheckInModule } from './modules/checkin/checkin.module';
import { DashboardModule } from './modules/dashboard/dashboard.module';
import { DepartmentsModule } from './modules/departments/departments.module';
import { EventsModule } from './modules/events/events.module';
import { EmailModule } from './modules/email/email.module';
import { GdprModule } from './modules/gdpr/gdpr.module';
import { HealthModule } from './modules/health/health.module';
import { HistoryModule } from './modules/history/history.module';
import { HoldsModule } from './modules/holds/holds.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { RegistrationsModule } from './modules/registrations/registrations.module';
import { RemindersModule } from './modules/reminders/reminders.module';
import { RolesModule } from './modules/roles/roles.module';
import { SessionCapacityModule } from './modules/session-capacity/session-capacity.module';
import { SettingsModule } from './modules/settings/settings.module';
import { SmsModule } from './modules/sms/sms.module';
import { SystemModule } from './modules/system/system.module';
import { UsersModule } from './modules/users/users.module';
import { WaitingListModule } from './modules/waiting-list/waiting-list.module';
import { WebhooksModule } from './modules/webhooks/webhooks.module';
import { OutboxModule } from './outbox/outbox.module';
import { ObservabilityModule } from './observability/observability.module';
import { QueueModule } from './queue/queue.module';

export interface AppModuleOptions {
  config: AppConfig;
  database: DatabaseTarget;
  /** false for an HTTP-only instance; the worker entry point sets it from config. */
  runWorkers: boolean;
  /** Modules added by a test (a controller of its own under /api/v1, say); none in production. */
  extraModules?: Type[];
}

/** The whole application. The HTTP entry (main.ts), the worker entry (worker.ts) and the tests build it the
 * same way, so both modes and both process shapes run the same code. */
@Module({})
export class AppModule {
  static forRoot({ config, database, runWorkers, extraModules = [] }: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(config, database),
        QueueModule.forRoot({ redisUrl: config.redisUrl ?? undefined, runWorkers, prefix: config.queuePrefix }),
        ScheduleModule.forRoot(),
        OutboxModule,
        HistoryModule,
        AuthModule,
        UsersModule,
        RolesModule,
        DepartmentsModule,
        SettingsModule,
        EventsModule,
        DashboardModule,
        CheckInModule,
        HealthModule,
        SystemModule,
        HoldsModule,
        RegistrationsModule,
        WaitingListModule,
        RemindersModule,
        SessionCapacityModule,
        BlacklistModule,
        SmsModule,
        NotificationsModule,
        BulkActionsModule,
        GdprModule,
        EmailModule,
        WebhooksModule,
        ApiTokensModule,
        ApiV1Module,
        HttpV1Module,
        ObservabilityModule,
        ...extraModules,
      ],
    };
  }
}
