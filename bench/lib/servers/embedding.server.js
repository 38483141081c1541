/**
 * The embedding fixture (test/fixtures/embedding-app: an existing Nest application that imports
 * `MykoModule`) from its TypeScript sources, transpiled with SWC as the test plugin sets are, its
 * `@myko/*` imports resolved to dist/ (what a packed `@myko/nest` holds). Started as the
 * application's own main does — the platform's default body parser on, Express or Fastify — with the
 * example plugins beside its orders, at `/mcp` and without an access profile, so that it serves the
 * same operations and requests as the service it is compared with.
 */
const Module = require('node:module');
const { mkdirSync, mkdtempSync, readdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { transformFileSync } = require('@swc/core');
const { DIST, load } = require('../dist');

const ROOT = join(__dirname, '../../..');
const SOURCE = join(ROOT, 'test/fixtures/embedding-app');
/** Inside the project (beside build/fixtures), so the fixture resolves the project's node_modules. */
const TARGET = join(ROOT, 'build', 'bench');
const SWC = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

function compileFixture() {
  mkdirSync(TARGET, { recursive: true });
  const out = mkdtempSync(join(TARGET, 'embedding-app-'));
  for (const name of readdirSync(SOURCE).filter((file) => file.endsWith('.ts'))) {
    writeFileSync(join(out, name.replace(/\.ts$/, '.js')), transformFileSync(join(SOURCE, name), SWC).code);
  }
  return out;
}

/** `@myko/<lib>` → dist/libs/<lib>/src, `@myko/plugins` → dist/plugins. */
function resolveMykoToDist() {
  const original = Module._resolveFilename;
  Module._resolveFilename = function resolve(request, ...rest) {
    const lib = /^@myko\/([a-z]+)$/.exec(request)?.[1];
    if (!lib) return original.call(this, request, ...rest);
    return original.call(this, lib === 'plugins' ? join(DIST, 'plugins') : join(DIST, 'libs', lib, 'src'), ...rest);
  };
}

/** @param {{ platform?: 'express' | 'fastify' }} options */
async function start(options = {}) {
  resolveMykoToDist();
  const dir = compileFixture();
  const { OrdersModule } = require(join(dir, 'app.module.js'));
  const { MykoModule } = load('libs/nest/src');
  const { ExamplePluginsModule, exampleDataInstructions } = load('plugins');
  const { NestFactory } = require('@nestjs/core');
  const root = {
    module: class EmbeddingBenchApp {},
    imports: [
      OrdersModule.at(join(dir, 'orders.db')),
      ExamplePluginsModule.forRoot({ databasePath: ':memory:' }),
      MykoModule.forRoot({ instructions: exampleDataInstructions(), audit: false }),
    ],
  };
  let app;
  if (options.platform === 'fastify') {
    const { FastifyAdapter } = require('@nestjs/platform-fastify');
    app = await NestFactory.create(root, new FastifyAdapter(), { logger: ['error', 'warn'] });
  } else {
    app = await NestFactory.create(root, { logger: ['error', 'warn'] });
  }
  app.enableShutdownHooks();
  await app.listen(0, '127.0.0.1');
  return { port: app.getHttpServer().address().port, close: () => app.close() };
}

module.exports = { start };
