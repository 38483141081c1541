/**
 * An in-process Nest application context with the registry, dispatch and sandbox (no gateways), plus
 * the given programmatic operations, driven through `DispatchService.handle` as a gateway would.
 */
const { NestFactory } = require('@nestjs/core');
const { load } = require('./dist');

const { OperationInvoker, OperationRegistry, RegistryModule } = load('libs/registry/src');
const { DispatchModule, DispatchService, OperationSearchService } = load('libs/dispatch/src');
const { ClientFilters } = load('libs/filter/src');
const { SandboxService } = load('libs/sandbox/src');

class BenchOperationsModule {}

let nextId = 1;

/**
 * @param {{ operations?: object[], dispatch?: object }} options operations: `ProgrammaticOperation`s
 *   registered before the registry is sealed; dispatch: `DispatchModule.forRoot` options.
 */
async function createDispatchContext({ operations = [], dispatch = {} } = {}) {
  const registerOperations = {
    provide: 'BENCH_OPERATIONS',
    inject: [OperationRegistry],
    useFactory: (registry) => {
      for (const operation of operations) registry.register(operation);
      return operations.length;
    },
  };
  const app = await NestFactory.createApplicationContext(
    {
      module: BenchOperationsModule,
      imports: [RegistryModule, DispatchModule.forRoot(dispatch)],
      providers: [registerOperations],
    },
    { logger: ['error', 'warn'] },
  );
  const client = { transport: 'internal', sessionId: 'bench', filters: ClientFilters.ALLOW_ALL };
  /** Sends one JSON-RPC request as `as` (ClientContext fields over the default client); resolves its `result`. */
  const requestAs = async (as, method, params) => {
    const message = { jsonrpc: '2.0', id: nextId++, method, params };
    const response = await app.get(DispatchService).handle(message, { ...client, ...as });
    if (response.error) throw new Error(`${method}: ${JSON.stringify(response.error)}`);
    return response.result;
  };
  /** Sends one JSON-RPC request; resolves its `result` or throws its `error`. */
  const request = (method, params) => requestAs({}, method, params);
  /** `tools/call`; throws when the tool reports `isError`. */
  const callTool = async (name, args) => {
    const result = await request('tools/call', { name, arguments: args });
    if (result.isError) throw new Error(`${name} failed: ${result.content[0]?.text}`);
    return result;
  };
  return {
    app,
    client,
    registry: app.get(OperationRegistry),
    invoker: app.get(OperationInvoker),
    search: app.get(OperationSearchService),
    sandbox: app.get(SandboxService),
    request,
    requestAs,
    callTool,
    close: () => app.close(),
  };
}

module.exports = { createDispatchContext };
