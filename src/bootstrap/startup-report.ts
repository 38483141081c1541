import type { AuditLog } from '@myko/nest';
import type { Logger } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.interface';

/** What a start-up log says about access and auditing, and the warnings the config raised. */
export function reportAccess(logger: Logger, config: AppConfig, audit: AuditLog): void {
  const { access } = config;
  if (!access) {
    logger.log('Access: no config file; no API keys, clients narrow their own view with filter headers/env');
  } else {
    const profiles = access.list().map((p) => p.name);
    const anonymous = `default profile: ${access.defaultProfile?.name ?? 'none, unrestricted'}`;
    const auth = access.authRequired
      ? `required: ${access.accepts}`
      : `${access.accepts ? `optional: ${access.accepts}` : 'no credentials'} (${anonymous})`;
    logger.log(`Access: ${config.configPath}; profiles ${profiles.join(', ') || 'none'}; ${auth}`);
    const { oauth } = access;
    if (oauth && config.mode === 'serve') {
      logger.log(`OAuth: resource ${oauth.resource}; issuers ${oauth.issuers.map((i) => i.issuer).join(', ')}`);
    }
  }
  const { metrics, tracing } = config.gateways;
  if (config.mode === 'serve' && metrics?.enabled) logger.log(`Metrics: GET /metrics for ${metrics.allow.join(', ')}`);
  if (config.mode === 'serve' && tracing?.enabled) {
    const to =
      tracing.exporter === 'otlp'
        ? `otlp ${tracing.endpoint ?? '(OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)'}`
        : tracing.exporter;
    logger.log(`Tracing: ${to}, sampling ${tracing.sampleRatio}`);
  }
  if (config.mode === 'serve' && config.admin) {
    const keys = config.admin.keys.length;
    const path = config.admin.path ?? '/admin';
    const scope = config.admin.scope ? `, tokens with scope ${config.admin.scope}` : '';
    logger.log(
      `Admin API: ${path} (${keys} admin key${keys === 1 ? '' : 's'}${scope}; every request audited); console: ${path.replace(/\/+$/, '')}/console/`,
    );
  }
  if (config.mode === 'stdio') logger.log(`Profile: ${config.profile?.name ?? 'none (unrestricted)'}`);
  logger.log(`Audit log: ${audit.describe()}`);
  for (const warning of config.warnings) logger.warn(warning);
}
