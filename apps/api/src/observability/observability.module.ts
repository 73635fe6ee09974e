import { Module } from '@nestjs/common';
import { MetricsService } from './metrics.service';

/** The application's metrics (MetricsService), read by the /api/metrics route and the METRICS_PORT listener. */
@Module({ providers: [MetricsService], exports: [MetricsService] })
export class ObservabilityModule {}
