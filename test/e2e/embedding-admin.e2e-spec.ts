import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateApiKey, hashApiKey, MykoModule, type MykoModuleOptions } from '@myko/nest';
import { type INestApplication, Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mykoOptions, OrdersModule, SUPPORT_KEY } from '../fixtures/embedding-app/app.module';

jest.setTimeout(60_000);

const ADMIN_KEY = generateApiKey();

/** Settings the application reads at start-up (in a real app: `ConfigService`). */
@Injectable()
class AdminSettings {
  readonly access = mykoOptions().access;
}

@Module({ providers: [AdminSettings], exports: [AdminSettings] })
class AdminSettingsModule {}

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON answers
type Json = any;

async function create(root: unknown): Promise<INestApplication> {
  const app = await NestFactory.create(root as never, { logger: false, abortOnError: false });
  await app.listen(0, '127.0.0.1');
  return app;
}

describe('the admin API of an app embedding MykoModule.forRootAsync()', () => {
  let app: INestApplication;
  let dir: string;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'myko-embed-admin-'));
    @Module({
      imports: [
        OrdersModule.at(join(dir, 'orders.db')),
        MykoModule.forRootAsync({
          path: '/agents/mcp',
          admin: { path: '/ops/admin', keys: [hashApiKey(ADMIN_KEY)] },
          imports: [AdminSettingsModule],
          inject: [AdminSettings],
          useFactory: (settings: AdminSettings) => ({ access: settings.access, audit: false }),
        }),
      ],
    })
    class AsyncAdminApp {}
    app = await create(AsyncAdminApp);
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const get = async (path: string, key?: string): Promise<{ status: number; body: Json }> => {
    const res = await fetch(`${base}${path}`, { headers: key ? { Authorization: `Bearer ${key}` } : {} });
    return { status: res.status, body: await res.json().catch(() => undefined) };
  };

  it('explains the factory’s profiles to the admin key, at the static admin path', async () => {
    const { status, body } = await get('/ops/admin/access/explain?profile=support', ADMIN_KEY);
    expect(status).toBe(200);
    expect(body.subject.profile).toBe('support');
    const names = (list: Json[]) => list.map((operation) => operation.name).join(' ');
    expect(names(body.operations)).toContain('CancelCustomerOrder');
    expect(names(body.operations)).not.toContain('Purge');
    expect(names(body.hidden)).toContain('Purge');
  });

  it('refuses without a credential (401) and the factory profile’s own key (403)', async () => {
    expect((await get('/ops/admin/access/explain?profile=support')).status).toBe(401);
    expect((await get('/ops/admin/access/explain?profile=support', SUPPORT_KEY)).status).toBe(403);
  });
});

describe('an admin scope without OAuth in an embedding app', () => {
  const scoped: MykoModuleOptions = { ...mykoOptions(), audit: false, admin: { keys: [], scope: 'myko:admin' } };

  it('is refused by forRoot(), saying what is missing', () => {
    expect(() => MykoModule.forRoot(scoped)).toThrow(/admin\.scope.*oauth/i);
  });

  it('stops forRootAsync() at start-up, saying what is missing', async () => {
    const { path, admin, ...rest } = scoped;
    @Module({
      imports: [MykoModule.forRootAsync({ path, admin, useFactory: () => rest })],
    })
    class ScopedApp {}
    const started = create(ScopedApp);
    // An app that starts anyway is closed, so the failure is reported rather than the run held open.
    started.then((app) => app.close()).catch(() => undefined);
    await expect(started).rejects.toThrow(/admin\.scope.*oauth/i);
  });
});
