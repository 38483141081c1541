import { OperationRegistry } from '@myko/registry';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { programmaticOperationOf } from './connector-operation.factory';
import { parseConnectorOptions } from './connector-options.parser';
import { loadOpenApiDocument } from './document/openapi-document.loader';
import { ConnectorConfigError } from './errors';
import { backendAuth } from './http/backend-auth.resolver';
import { ConnectorHttpClient } from './http/connector-http.client';
import type {
  OpenApiConnectorModuleOptions,
  OpenApiConnectorOptions,
} from './interfaces/openapi-connector-options.interface';
import { mapDocument } from './mapping/openapi-operation.mapper';
import {
  CONNECTOR_OPTION_TABLE,
  CONNECTOR_SOURCE_PREFIX,
  OPENAPI_CONNECTOR_OPTIONS,
} from './openapi-connector.constants';

/**
 * Loads each connector's document during module init (Nest awaits it, and the registry is sealed only
 * at bootstrap, after every init), maps its operations and registers them; closes the HTTP pools at
 * shutdown. Any connector that cannot be served fails the start with a message naming it.
 */
@Injectable()
export class OpenApiConnectorsRegistrar implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('OpenApiConnector');
  private readonly clients: ConnectorHttpClient[] = [];

  constructor(
    private readonly registry: OperationRegistry,
    @Inject(OPENAPI_CONNECTOR_OPTIONS) private readonly options: OpenApiConnectorModuleOptions,
  ) {}

  async onModuleInit(): Promise<void> {
    const problems: string[] = [];
    const connectors = parseConnectorOptions(this.options.connectors, 'connectors', (path, problem) =>
      problems.push(`${path}: ${problem}`),
    );
    if (!connectors) throw new ConnectorConfigError('options', problems.join('; '));
    const loaded = await Promise.all(connectors.map((connector) => this.prepare(connector)));
    for (const register of loaded) register();
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.clients.map((client) => client.close()));
  }

  /** Loads and maps one connector; registering waits until every document loaded, so a failure registers none. */
  private async prepare(connector: OpenApiConnectorOptions): Promise<() => void> {
    const started = performance.now();
    const { document, serverUrl } = await loadOpenApiDocument(connector.name, connector.document, {
      ...(connector.refRoots ? { refRoots: connector.refRoots } : {}),
      ...(connector.timeoutMs ? { timeoutMs: connector.timeoutMs } : {}),
    });
    const baseUrl = connector.baseUrl ?? serverUrl;
    if (!baseUrl)
      throw new ConnectorConfigError(connector.name, 'no baseUrl, and the document names no absolute server URL');
    const auth = backendAuth(connector.name, connector.auth, this.options.env ?? process.env);
    const { operations, skipped, warnings } = mapDocument(document, connector);
    return () => {
      const client = new ConnectorHttpClient(baseUrl);
      this.clients.push(client);
      const runtime = {
        source: CONNECTOR_SOURCE_PREFIX + connector.name,
        client,
        auth,
        limits: {
          timeoutMs: connector.timeoutMs ?? CONNECTOR_OPTION_TABLE.timeoutMs.default,
          maxResponseBytes: connector.maxResponseBytes ?? CONNECTOR_OPTION_TABLE.maxResponseBytes.default,
          retries: connector.retries ?? CONNECTOR_OPTION_TABLE.retries.default,
        },
      };
      for (const operation of operations) this.registry.register(programmaticOperationOf(operation, runtime));
      const ms = Math.round(performance.now() - started);
      this.logger.log(`${connector.name}: ${operations.length} operations from ${connector.document} in ${ms} ms`);
      for (const { operation, reason } of skipped)
        this.logger.warn(`${connector.name}: skipped ${operation}: ${reason}`);
      for (const warning of warnings) this.logger.warn(`${connector.name}: ${warning}`);
    };
  }
}
