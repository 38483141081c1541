import { applyHttpServerLimits, GATEWAYS_OPTIONS, type ResolvedGatewaysOptions } from '@myko/gateways';
import type { LoggerService, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from '../app.module';
import type { AppConfig } from '../config/app-config.interface';

/**
 * The HTTP + WebSocket application, initialised but not listening. No global body parser: the service
 * has no routes that need one (the MCP endpoint reads its body itself, ahead of Express). The edge
 * limits of the HTTP server (header size, header/request/keep-alive timeouts) are set on it before it
 * listens.
 */
export async function createHttpApp(
  config: AppConfig,
  logger?: LoggerService | LogLevel[] | false,
): Promise<NestExpressApplication> {
  // The driver given, not loaded lazily by Nest, whose loader calls process.exit(1) on a failed require whatever
  // abortOnError says (a test server still starting after its jest suite ended took the whole run down).
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), new ExpressAdapter(), {
    bodyParser: false,
    // Open SSE streams and idle keep-alive sockets must not hold up shutdown.
    forceCloseConnections: true,
    abortOnError: false,
    ...(logger === undefined ? {} : { logger }),
  });
  app.disable('x-powered-by');
  applyHttpServerLimits(app.getHttpServer(), app.get<string, ResolvedGatewaysOptions>(GATEWAYS_OPTIONS));
  return app;
}
