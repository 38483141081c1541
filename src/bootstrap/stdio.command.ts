import { FilterParseError, filtersFromEnv } from '@myko/filter';
import { StdioTransport } from '@myko/gateways';
import { OperationRegistry } from '@myko/registry';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import type { AppConfig } from '../config/app-config.interface';
import { operationSummary } from './operation-summary';
import { routeConsoleToStderr, StderrLogger } from './stderr.logger';

/**
 * `myko-nest stdio`: one MCP client on stdin/stdout, no HTTP. Refuses to start (exit code 2) on
 * malformed filter variables; otherwise serves until stdin ends and resolves with exit code 0.
 */
export async function runStdio(config: AppConfig): Promise<number> {
  routeConsoleToStderr();
  let filters: ReturnType<typeof filtersFromEnv>;
  try {
    filters = filtersFromEnv(process.env);
  } catch (error) {
    if (!(error instanceof FilterParseError)) throw error;
    process.stderr.write(`myko-nest: refusing to start: ${error.message}\n`);
    return 2;
  }
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), {
    logger: new StderrLogger({ colors: Boolean(process.stderr.isTTY) }),
    abortOnError: false,
  });
  app.enableShutdownHooks(['SIGINT', 'SIGTERM'], { useProcessExit: true });
  new Logger('MykoNest').log(`${operationSummary(app.get(OperationRegistry).list())}; serving MCP on stdio`);
  await app.get(StdioTransport).serve({ filters });
  await app.close();
  return 0;
}
