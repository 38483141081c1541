export type { AccessConfig, AdminConfig, AuditConfig } from './access-config.interface';
export type { LimitsConfig } from './limits-config.interface';
export type { RedisConfig } from './redis-config.interface';
export type { AbuseBackoffConfig, SandboxConfig } from './sandbox-config.interface';
