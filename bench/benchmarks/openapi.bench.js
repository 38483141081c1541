/**
 * The OpenAPI connector: what one connector call (`OperationInvoker.invoke` of a mapped GET: argument
 * validation against its JSON Schema, the request built from the arguments, the pooled undici request,
 * the body read under the size cap and parsed) costs over a direct undici request for the same URL on a
 * keep-alive Pool of its own, interleaved call by call against one loopback backend. And the load of a
 * large real document: the 331-operation GitHub REST subset read, bundled and mapped, and a whole
 * start of the connector module that registers its operations.
 */
const { createServer } = require('node:http');
const { join } = require('node:path');
const { Pool } = require('undici');
const { load } = require('../lib/dist');
const { row } = require('../lib/report');
const { interleave, timeAsync } = require('../lib/timing');

const { NestFactory } = require('@nestjs/core');
const { OperationInvoker, OperationRegistry, RegistryModule } = load('libs/registry/src');
const { OpenApiConnectorModule, loadOpenApiDocument, mapDocument } = load('libs/openapi/src');

const FIXTURES = join(__dirname, '../../test/fixtures/openapi');
const TICKETS = join(FIXTURES, 'tickets/tickets.openapi.yaml');
const GITHUB = join(FIXTURES, 'github/api.github.com.subset.json');
const TICKET = JSON.stringify({
  id: 7,
  title: 'Printer on fire',
  status: 'open',
  priority: 'high',
  assignee: null,
  comments: [],
});

function startBackend() {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(TICKET) });
    res.end(TICKET);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function boot(connectors) {
  const { Module } = require('@nestjs/common');
  class BenchModule {}
  Module({ imports: [RegistryModule, OpenApiConnectorModule.forRoot({ connectors })] })(BenchModule);
  const app = await NestFactory.createApplicationContext(BenchModule, { logger: false });
  return app;
}

function context() {
  const log = { debug() {}, info() {}, warn() {}, error() {} };
  return { client: { transport: 'internal' }, signal: new AbortController().signal, log, progress() {} };
}

async function callOverhead(ctx) {
  const backend = await startBackend();
  const url = `http://127.0.0.1:${backend.address().port}`;
  const app = await boot([{ name: 'tickets', document: TICKETS, baseUrl: url, prefix: 'tickets' }]);
  const invoker = app.get(OperationInvoker);
  const pool = new Pool(url, { connections: 32, keepAliveTimeout: 30_000 });
  const ctxOf = context();
  try {
    const samples = await interleave(
      {
        connector: async () => {
          const ticket = await invoker.invoke('query_tickets_getTicket', { ticketId: 7 }, ctxOf);
          if (ticket.id !== 7) throw new Error('unexpected answer');
        },
        direct: async () => {
          const response = await pool.request({
            method: 'GET',
            path: '/tickets/7',
            headers: { accept: 'application/json' },
          });
          const ticket = await response.body.json();
          if (ticket.id !== 7) throw new Error('unexpected answer');
        },
      },
      { iterations: ctx.iterations(2_000) },
    );
    return row({
      id: 'openapi.call-overhead',
      benchmark: 'connector call vs direct undici request',
      measures:
        'query_tickets_getTicket through OperationInvoker (schema validation, request build, pooled undici GET, capped read, JSON parse) vs undici Pool.request + body.json() of the same URL, loopback backend, interleaved',
      subject: samples.connector,
      baseline: { label: 'direct undici request', samples: samples.direct },
    });
  } finally {
    await pool.close();
    await app.close();
    backend.close();
  }
}

async function documentLoad(ctx) {
  const options = { name: 'github', document: GITHUB, prefix: 'github' };
  const loads = [];
  let mapped = 0;
  for (let i = 0; i < (ctx.quick ? 2 : 5); i++) {
    loads.push(
      await timeAsync(async () => {
        const { document } = await loadOpenApiDocument('github', GITHUB);
        mapped = mapDocument(document, options).operations.length;
      }),
    );
  }
  let registered = 0;
  const start = await timeAsync(async () => {
    const app = await boot([options]);
    registered = app.get(OperationRegistry).size;
    await app.close();
  });
  return [
    row({
      id: 'openapi.document-load',
      benchmark: 'OpenAPI document load (GitHub subset)',
      measures: `read + bundle (swagger-parser) + map the 331-operation, 1.4 MB GitHub REST subset into ${mapped} operations`,
      subject: loads,
    }),
    row({
      id: 'openapi.module-start',
      benchmark: 'connector module start (GitHub subset)',
      measures: `NestFactory.createApplicationContext with OpenApiConnectorModule: load, map and register the GitHub subset's ${registered} operations (descriptors, schemas), one start`,
      subject: start,
    }),
  ];
}

module.exports = {
  title: 'OpenAPI connector',
  async run(ctx) {
    ctx.log('connector call vs direct undici request');
    const overhead = await callOverhead(ctx);
    ctx.log('document load');
    return [overhead, ...(await documentLoad(ctx))];
  },
};
