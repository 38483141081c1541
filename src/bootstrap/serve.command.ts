import { AuditLog } from '@myko/nest';
import { OperationRegistry } from '@myko/registry';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.interface';
import { GracefulShutdown } from './graceful-shutdown';
import { createHttpApp } from './http-app.factory';
import { ListenError } from './listen.error';
import { assertCanListen, listenProblem } from './listen-address.check';
import { operationSummary } from './operation-summary';
import { pluginSummary } from './plugin-summary';
import { StartupLogger } from './startup.logger';
import { reportAccess } from './startup-report';
import { stateSummary } from './state-summary';

/** `myko-nest serve`: HTTP and WebSocket on one port until SIGINT/SIGTERM, which drain in-flight requests. */
export async function runServe(config: AppConfig): Promise<void> {
  const logger = new Logger('MykoNest');
  await assertCanListen(config.host, config.port);
  const app = await createHttpApp(config, new StartupLogger({ colors: Boolean(process.stdout.isTTY) }));
  const shutdown = new GracefulShutdown(app).listen();
  try {
    await app.listen(config.port, config.host);
  } catch (error) {
    // Taken between the check and now: close the sandbox processes and connections the app opened.
    const problem = listenProblem(error, config.host, config.port);
    if (!problem) throw error;
    await shutdown.close();
    throw new ListenError(problem);
  }
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const operations = app.get(OperationRegistry).list();
  logger.log(operationSummary(operations));
  const plugins = pluginSummary(config.pluginModules, operations);
  if (plugins) logger.log(plugins);
  logger.log(`Database: ${config.databasePath}`);
  logger.log(stateSummary(config.state));
  reportAccess(logger, config, app.get(AuditLog));
  logger.log(`MCP Streamable HTTP: http://${host}:${port}/mcp · WebSocket: ws://${host}:${port}/mcp · health: /health`);
}
