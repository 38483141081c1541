import type { AddressInfo } from 'node:net';
import type { LogLevel } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createHttpApp } from '../../src/bootstrap/http-app.factory';
import { createAppConfig } from '../../src/config/app.config';
import type { AppConfig } from '../../src/config/app-config.interface';

/** An in-process myko-nest (HTTP + WebSocket) on 127.0.0.1 and a free port, with an in-memory database. */
export interface TestServer {
  app: NestExpressApplication;
  /** `127.0.0.1:<port>`, what clients send as Host. */
  host: string;
  /** `http://127.0.0.1:<port>/mcp` */
  httpUrl: URL;
  /** `ws://127.0.0.1:<port>/mcp` */
  wsUrl: URL;
  close(): Promise<void>;
}

/** Starts the same app `myko-nest serve` runs, with config overrides for the test. */
export async function startTestServer(
  overrides: Partial<AppConfig> = {},
  logLevels: LogLevel[] = ['error', 'warn'],
): Promise<TestServer> {
  const config = {
    ...createAppConfig('serve', { host: '127.0.0.1', port: 0, databasePath: ':memory:' }),
    ...overrides,
  };
  const app = await createHttpApp(config, logLevels);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const host = `127.0.0.1:${port}`;
  return {
    app,
    host,
    httpUrl: new URL(`http://${host}/mcp`),
    wsUrl: new URL(`ws://${host}/mcp`),
    close: () => app.close(),
  };
}
