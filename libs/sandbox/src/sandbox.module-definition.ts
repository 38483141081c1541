import { ConfigurableModuleBuilder } from '@nestjs/common';
import type { SandboxOptions } from './interfaces/sandbox-options.interface';

export const {
  ConfigurableModuleClass: SandboxConfigurableModule,
  MODULE_OPTIONS_TOKEN: SANDBOX_MODULE_OPTIONS,
  OPTIONS_TYPE: SANDBOX_OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE: SANDBOX_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<Partial<SandboxOptions>>({ moduleName: 'Sandbox' })
  .setClassMethodName('forRoot')
  .setFactoryMethodName('createSandboxOptions')
  .build();
