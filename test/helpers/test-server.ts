import type { LogLevel } from '@nestjs/common';
import { createHttpApp } from '../../src/bootstrap/http-app.factory';
import { createAppConfig } from '../../src/config/app.config';
import type { AppConfig } from '../../src/config/app-config.interface';
import { type AppServer, startAppServer } from '../support/app-server';

/** An in-process myko-nest (HTTP + WebSocket) on 127.0.0.1 and a free port, with an in-memory database. */
export type TestServer = AppServer;

/** Starts the same app `myko-nest serve` runs, from the sources, with config overrides for the test. */
export function startTestServer(
  overrides: Partial<AppConfig> = {},
  logLevels: LogLevel[] = ['error', 'warn'],
): Promise<TestServer> {
  return startAppServer({ createAppConfig, createHttpApp }, { overrides, logLevels });
}

/**
 * One server for the tests of a file: started before them, closed after them. Returns a getter (the
 * server exists only once `beforeAll` has run).
 */
export function useTestServer(overrides: Partial<AppConfig> = {}): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(overrides);
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error('the test server is not started yet (use it inside a test or hook)');
    return server;
  };
}
