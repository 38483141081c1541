export type {
  AccessConfig,
  AccessProfileConfig,
  AuditConfig,
  ToolMode,
} from './access-config.interface';
export { type ArgumentForms, EXACT_ARGUMENT_FORMS } from './argument-forms.interface';
export type { FilterSourceNames, FilterSpec, PatternListInput } from './filter-spec.interface';
export type { LimitsConfig } from './limits-config.interface';
export type { OAuthConfig, OAuthIssuerConfig, OAuthProfileRule } from './oauth-config.interface';
export type { MetricsConfig, ObservabilityConfig, TracingConfig } from './observability-config.interface';
export type { RedisConfig } from './redis-config.interface';
export type { AbuseBackoffConfig, SandboxConfig } from './sandbox-config.interface';
