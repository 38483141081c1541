import type { Provider, Type } from '@nestjs/common';
import type { ResolvedGatewaysOptions } from '../interfaces';
import { MetricsController } from './metrics.controller';
import { MykoMetrics } from './metrics.service';
import { MykoTracing } from './tracing.service';

/** The controllers and providers of the enabled observability features (none by default). */
export function observabilityParts(options: Pick<ResolvedGatewaysOptions, 'metrics' | 'tracing'>): {
  controllers: Type[];
  providers: Provider[];
} {
  const controllers: Type[] = [];
  const providers: Provider[] = [];
  if (options.metrics) {
    controllers.push(MetricsController);
    providers.push(MykoMetrics);
  }
  if (options.tracing) providers.push(MykoTracing);
  return { controllers, providers };
}
