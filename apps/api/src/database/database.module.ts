import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { dataSourceOptions, DatabaseTarget, migrate } from './data-source';
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
          useFactory: () => dataSourceOptions(target.url, config.dbPoolSize),
          dataSourceFactory: async (options) => {
            const dataSource = await new DataSource(options!).initialize();
            await migrate(dataSource, async (ds) => {
              await seedBase(ds, { adminEmail: config.adminEmail, adminPassword: config.adminPassword });
              if (config.demoData) await seedDemo(ds);
            });
            return dataSource;
          },
        }),
      ],
      providers: [{ provide: DATABASE_TARGET, useValue: target }],
      exports: [DATABASE_TARGET],
    };
  }
}
