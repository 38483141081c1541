import { JSON_SCHEMA_DIALECT, type JsonSchema, type OperationKind } from '@myko/registry';
import picomatch from 'picomatch';
import type { ConnectorOperation, SkippedOperation } from '../interfaces/connector-operation.interface';
import type { OpenApiConnectorOptions } from '../interfaces/openapi-connector-options.interface';
import { HTTP_METHODS, IDEMPOTENT_METHODS, READ_METHODS } from '../openapi-connector.constants';
import { defaultsOf, enumNormalizers } from './argument-canon.builder';
import { OpenApiSchemaConverter } from './openapi-schema.converter';
import { mapArguments, UnmappableOperation } from './operation-arguments.mapper';
import { mapOutput } from './operation-output.mapper';
import { briefArgument, describeOperation, keywordsOf } from './operation-text';
import { camelCase, pascalCase } from './type-names';

type Json = Record<string, unknown>;

/** Every operation a document serves under a connector's options, and those left out with why. */
export interface MappedDocument {
  readonly operations: ConnectorOperation[];
  readonly skipped: SkippedOperation[];
  /** Header parameters left out of served operations (`GET /x: header Host dropped …`), for a warning at start. */
  readonly warnings: string[];
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `operationId` as a JS identifier, else the method and path: `get /tickets/{id}` → `getTicketsById`. */
export function apiIdOf(operation: Json, method: string, path: string): string {
  if (typeof operation.operationId === 'string' && operation.operationId.trim() !== '') {
    return camelCase(operation.operationId);
  }
  const words = path.split('/').map((segment) => segment.replace(/^\{(.+)\}$/, 'by $1'));
  return camelCase(`${method.toLowerCase()} ${words.join(' ')}`);
}

function matcher(globs: readonly string[] | undefined): ((id: string) => boolean) | undefined {
  return globs && globs.length > 0 ? picomatch([...globs]) : undefined;
}

/**
 * Maps each operation of an OpenAPI document to a `ConnectorOperation`: GET/HEAD → query, others →
 * command (unless overridden), the id from `operationId` (or method + path) after the prefix,
 * arguments from the parameters and JSON body, the result from the 2xx response, the summary,
 * description and tags for search. Ids are unique (a number added on a clash); an operation that
 * cannot be served (a non-JSON body) is skipped with its reason.
 */
export function mapDocument(document: Json, options: OpenApiConnectorOptions): MappedDocument {
  const converter = new OpenApiSchemaConverter(document, options.typePrefix);
  const include = matcher(options.include);
  const exclude = matcher(options.exclude);
  const taken = new Set<string>();
  const operations: ConnectorOperation[] = [];
  const skipped: SkippedOperation[] = [];
  const warnings: string[] = [];
  for (const [path, pathItem] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(pathItem)) continue;
    for (const verb of HTTP_METHODS) {
      const operation = pathItem[verb];
      if (!isObject(operation)) continue;
      const method = verb.toUpperCase();
      let apiId = apiIdOf(operation, method, path);
      for (let n = 2; taken.has(apiId); n++) apiId = `${apiIdOf(operation, method, path)}${n}`;
      taken.add(apiId);
      if ((include && !include(apiId)) || exclude?.(apiId)) continue;
      try {
        const site = { path, pathItem, operation, method, apiId, warnings };
        operations.push(mapOperation(document, converter, options, site));
      } catch (error) {
        if (!(error instanceof UnmappableOperation)) throw error;
        skipped.push({ operation: `${method} ${path}`, reason: error.message });
      }
    }
  }
  return { operations, skipped, warnings };
}

interface OperationSite {
  path: string;
  pathItem: Json;
  operation: Json;
  method: string;
  apiId: string;
  warnings: string[];
}

/** The header the connector authenticates with; no parameter may set it. */
function authHeaderOf(options: OpenApiConnectorOptions): string | undefined {
  if (!options.auth) return undefined;
  return 'passThrough' in options.auth ? 'Authorization' : (options.auth.header ?? 'Authorization');
}

function mapOperation(
  document: Json,
  converter: OpenApiSchemaConverter,
  options: OpenApiConnectorOptions,
  { path, pathItem, operation, method, apiId, warnings }: OperationSite,
): ConnectorOperation {
  const override = options.operations?.[apiId] ?? {};
  const kind: OperationKind = override.kind ?? (READ_METHODS.has(method) ? 'query' : 'command');
  const id = options.prefix ? `${options.prefix}_${apiId}` : apiId;
  const args = mapArguments(document, converter, pathItem, operation, authHeaderOf(options));
  for (const header of args.droppedHeaders) {
    warnings.push(`${method} ${path}: header parameter ${header} left out (the connector sets it, not an argument)`);
  }
  const defs = converter.defsOf(args.used);
  const input: JsonSchema = {
    $schema: JSON_SCHEMA_DIALECT,
    type: 'object',
    properties: briefProperties(args.properties),
    ...(args.required.length > 0 ? { required: args.required } : {}),
    additionalProperties: false,
    ...(Object.keys(defs).length > 0 ? { $defs: defs } : {}),
  };
  const output = mapOutput(document, converter, operation, `${pascalCase(apiId, options.typePrefix)}Result`);
  return {
    id,
    apiId,
    kind,
    method,
    path,
    description: describeOperation(operation, method, path),
    keywords: keywordsOf(operation, method, path),
    bindings: args.bindings,
    ...(args.bodyMediaType ? { bodyMediaType: args.bodyMediaType } : {}),
    input,
    normalizers: enumNormalizers(args.properties, defs),
    defaults: defaultsOf(args.properties),
    outputType: output.outputType,
    ...(output.output ? { output: output.output } : {}),
    ...(override.timeoutMs !== undefined ? { timeoutMs: override.timeoutMs } : {}),
    ...(override.reads ? { reads: override.reads } : {}),
    ...(override.writes ? { writes: override.writes } : {}),
    ...(override.approval !== undefined ? { approval: override.approval } : {}),
    destructive: method === 'DELETE',
    idempotent: IDEMPOTENT_METHODS.has(method),
  };
}

/** The arguments with their descriptions cut to a first sentence (the backend's full text stays in its document). */
function briefProperties(properties: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const brief: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(properties)) {
    const { description } = schema;
    brief[name] = typeof description === 'string' ? { ...schema, description: briefArgument(description) } : schema;
  }
  return brief;
}
