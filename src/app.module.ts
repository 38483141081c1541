import { DispatchModule } from '@myko/dispatch';
import { GatewaysModule } from '@myko/gateways';
import { ExamplePluginsModule } from '@myko/plugins';
import { RegistryModule } from '@myko/registry';
import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from './config/app-config.interface';

/** The runnable service: the operation registry, the example plugins, dispatch and the gateways. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        RegistryModule,
        ExamplePluginsModule.forRoot({ databasePath: config.databasePath }),
        DispatchModule.forRoot(config.dispatch),
        GatewaysModule.forRoot(config.gateways),
      ],
    };
  }
}
