import { Module } from '@nestjs/common';
import { GdprController } from './gdpr.controller';
import { GdprService } from './gdpr.service';

/** Data-protection requests by e-mail address (GDPR.Delete). */
@Module({ controllers: [GdprController], providers: [GdprService] })
export class GdprModule {}
