import { type DynamicModule, Module } from '@nestjs/common';
import { AUDIT_OPTIONS, type AuditOptions, DEFAULT_AUDIT_OPTIONS } from './audit.options';
import { AuditLog } from './audit-log.service';

/** The audit log of executed operations; needs `RegistryModule` (global). */
@Module({})
export class AuditModule {
  static forRoot(options: Partial<AuditOptions> = {}): DynamicModule {
    return {
      module: AuditModule,
      providers: [{ provide: AUDIT_OPTIONS, useValue: { ...DEFAULT_AUDIT_OPTIONS, ...options } }, AuditLog],
      exports: [AuditLog],
    };
  }
}
