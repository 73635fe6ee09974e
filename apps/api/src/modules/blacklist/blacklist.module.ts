import { Module } from '@nestjs/common';
import { BlacklistController } from './blacklist.controller';
import { BlacklistService } from './blacklist.service';

/** Exports BlacklistService so the booking engine can refuse blacklisted people (activeEntryFor). */
@Module({ controllers: [BlacklistController], providers: [BlacklistService], exports: [BlacklistService] })
export class BlacklistModule {}
