import { ClientFilters, FilterParseError, filtersFromEnv, narrowingFromEnv } from '@myko/filter';
import { StdioTransport } from '@myko/gateways';
import { AuditLog } from '@myko/nest';
import { OperationRegistry } from '@myko/registry';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import type { AppConfig } from '../config/app-config.interface';
import { GracefulShutdown } from './graceful-shutdown';
import { operationSummary } from './operation-summary';
import { pluginSummary } from './plugin-summary';
import { reportAccess } from './startup-report';
import { stateSummary } from './state-summary';
import { routeConsoleToStderr, StderrLogger } from './stderr.logger';

/**
 * `myko-nest stdio`: one MCP client on stdin/stdout, no HTTP, as the configured profile (if any)
 * narrowed by the `MYKO_MCP_TOOL_*` variables. Refuses to start (exit code 2) on malformed filter
 * variables; otherwise serves until stdin ends (or SIGINT/SIGTERM), answers what is in flight and
 * resolves with exit code 0.
 */
export async function runStdio(config: AppConfig): Promise<number> {
  routeConsoleToStderr();
  let env: ClientFilters;
  try {
    env = filtersFromEnv(process.env);
  } catch (error) {
    if (!(error instanceof FilterParseError)) throw error;
    process.stderr.write(`myko-nest: refusing to start: ${error.message}\n`);
    return 2;
  }
  const filters = (config.profile?.filters ?? ClientFilters.ALLOW_ALL).and(env);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), {
    logger: new StderrLogger({ colors: Boolean(process.stderr.isTTY) }),
    abortOnError: false,
  });
  const shutdown = new GracefulShutdown(app).listen();
  const logger = new Logger('MykoNest');
  const operations = app.get(OperationRegistry).list();
  logger.log(`${operationSummary(operations)}; serving MCP on stdio`);
  const plugins = pluginSummary(config.pluginModules, operations);
  if (plugins) logger.log(plugins);
  logger.log(stateSummary(config.state));
  reportAccess(logger, config, app.get(AuditLog));
  const narrowing = narrowingFromEnv(process.env);
  await app.get(StdioTransport).serve({
    filters,
    principal: config.profile?.name,
    ...(narrowing === undefined ? {} : { narrowing }),
  });
  return shutdown.close();
}
