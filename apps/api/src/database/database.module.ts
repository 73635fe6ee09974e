import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { DatabaseAvailability } from './database-availability';
import { dataSourceOptions, DatabaseTarget, migrate } from './data-source';
import { enableNamedStatements } from './prepared';
import { seedBase } from './seeds/seed-base';
import { seedDemo } from './seeds/seed-demo';

export const DATABASE_TARGET = Symbol('DATABASE_TARGET');

/** TypeORM on the target database (real or embedded: the same migrations and queries), migrated and seeded
 * before the first request. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(config: AppConfig, target: DatabaseTarget): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          // PGlite's socket server multiplexes every connection onto one session, where two connections' protocol
          // messages can interleave: the embedded database gets exactly one connection (it runs one query at a time anyway).
          // And no connection timeout: it lives in this process, and on its one connection a crowd of requests may
          // rightly wait longer than that for its turn.
          useFactory: () =>
            target.mode === 'embedded'
              ? dataSourceOptions(target.url, 1, 0)
              : dataSourceOptions(target.url, config.dbPoolSize, config.dbConnectTimeoutMs),
          dataSourceFactory: async (options) => {
            const dataSource = await new DataSource(options!).initialize();
            if (target.mode === 'postgres') enableNamedStatements(dataSource);
            await migrate(dataSource, async (ds) => {
              await seedBase(ds, { adminEmail: config.adminEmail, adminPassword: config.adminPassword });
              if (config.demoData) await seedDemo(ds);
            });
            return dataSource;
          },
        }),
      ],
      providers: [{ provide: DATABASE_TARGET, useValue: target }, DatabaseAvailability],
      exports: [DATABASE_TARGET, DatabaseAvailability],
    };
  }
}
