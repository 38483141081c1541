import { type DynamicModule, type FactoryProvider, Module, type ModuleMetadata, type Provider } from '@nestjs/common';
import { AUDIT_OPTIONS, type AuditOptions, DEFAULT_AUDIT_OPTIONS } from './audit.options';
import { AuditLog } from './audit-log.service';

/** `AuditModule.forRootAsync()`: where and what to record, computed at start-up. */
export interface AuditModuleAsyncOptions extends Pick<ModuleMetadata, 'imports'> {
  /** Providers handed to `useFactory`, in order. */
  inject?: FactoryProvider['inject'];
  useFactory: (...args: never[]) => Partial<AuditOptions> | Promise<Partial<AuditOptions>>;
}

/**
 * The audit log of executed operations; needs `RegistryModule` (global).
 * @publicApi
 */
@Module({})
export class AuditModule {
  static forRoot(options: Partial<AuditOptions> = {}): DynamicModule {
    return AuditModule.define({ provide: AUDIT_OPTIONS, useValue: { ...DEFAULT_AUDIT_OPTIONS, ...options } });
  }

  static forRootAsync({ imports = [], inject = [], useFactory }: AuditModuleAsyncOptions): DynamicModule {
    const provider: Provider = {
      provide: AUDIT_OPTIONS,
      inject,
      useFactory: async (...args: never[]) => ({ ...DEFAULT_AUDIT_OPTIONS, ...(await useFactory(...args)) }),
    };
    return { ...AuditModule.define(provider), imports };
  }

  private static define(optionsProvider: Provider): DynamicModule {
    return { module: AuditModule, providers: [optionsProvider, AuditLog], exports: [AuditLog] };
  }
}
