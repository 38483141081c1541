import { ConfigurableModuleBuilder } from '@nestjs/common';
import type { DatabaseModuleOptions } from './interfaces/database-options.interface';

export const {
  ConfigurableModuleClass: ConfigurableDatabaseModule,
  MODULE_OPTIONS_TOKEN: DATABASE_MODULE_OPTIONS,
  OPTIONS_TYPE: DATABASE_OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE: DATABASE_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<DatabaseModuleOptions>().setClassMethodName('forRoot').build();
