import type { JsonSchema } from '@myko/registry';
import type { ArgumentBinding } from '../interfaces/connector-operation.interface';
import { RESERVED_HEADERS } from '../openapi-connector.constants';
import { dereference, type OpenApiSchemaConverter } from './openapi-schema.converter';
import { isForbiddenHeader, queryKeysOf } from './parameter-safety';

type Json = Record<string, unknown>;

/** The argument a request body becomes when its properties cannot be arguments of their own. */
export const BODY_ARGUMENT = 'body';

/** What an operation's parameters and request body become. */
export interface MappedArguments {
  readonly bindings: ArgumentBinding[];
  /** The arguments object schema, `$defs` not yet attached. */
  readonly properties: Record<string, JsonSchema>;
  readonly required: string[];
  readonly used: Set<string>;
  readonly bodyMediaType?: string;
  /** Header parameters left out because they frame or route the request (`Host`) or carry the connector's auth. */
  readonly droppedHeaders: string[];
}

/** Why an operation cannot be served (it is skipped, not a failed start). */
export class UnmappableOperation extends Error {}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `application/json`, `application/problem+json`, `*\/*`: a body the connector sends or reads as JSON. */
export function jsonMediaType(content: unknown): string | undefined {
  if (!isObject(content)) return undefined;
  const types = Object.keys(content);
  return types.find((type) => /^application\/(.+\+)?json\b/i.test(type)) ?? types.find((type) => type === '*/*');
}

/**
 * Arguments from the path, query and header parameters (the path item's, overridden by the operation's)
 * and the JSON request body: an object body's properties become arguments of their own when no name
 * collides, else the whole body is one `body` argument. Cookie parameters and the headers OpenAPI
 * reserves are left out; so are headers that frame or route the request and `authHeader` (named in
 * `droppedHeaders`, for a warning at start).
 * @throws UnmappableOperation for a body that is not JSON, or a name two parameters share
 */
export function mapArguments(
  document: Json,
  converter: OpenApiSchemaConverter,
  pathItem: Json,
  operation: Json,
  authHeader?: string,
): MappedArguments {
  const mapped: MappedArguments = { bindings: [], properties: {}, required: [], used: new Set(), droppedHeaders: [] };
  for (const parameter of parametersOf(document, pathItem, operation)) {
    if (parameter.in === 'header' && isForbiddenHeader(parameter.name as string, authHeader))
      mapped.droppedHeaders.push(parameter.name as string);
    else addParameter(mapped, document, converter, parameter);
  }
  const body = dereference(document, operation.requestBody);
  if (!body) return mapped;
  const mediaType = jsonMediaType(body.content);
  if (mediaType === undefined) throw new UnmappableOperation('its request body is not JSON');
  const schema = (body.content as Json)[mediaType] as Json | undefined;
  addBody(mapped, converter, schema?.schema, body.required === true);
  return { ...mapped, bodyMediaType: mediaType === '*/*' ? 'application/json' : mediaType };
}

function parametersOf(document: Json, pathItem: Json, operation: Json): Json[] {
  const byKey = new Map<string, Json>();
  for (const list of [pathItem.parameters, operation.parameters]) {
    for (const entry of Array.isArray(list) ? list : []) {
      const parameter = dereference(document, entry);
      if (parameter && typeof parameter.name === 'string') byKey.set(`${parameter.in}:${parameter.name}`, parameter);
    }
  }
  return [...byKey.values()].filter(
    (p) =>
      ['path', 'query', 'header'].includes(p.in as string) &&
      !(p.in === 'header' && RESERVED_HEADERS.has((p.name as string).toLowerCase())),
  );
}

function addParameter(
  mapped: MappedArguments,
  document: Json,
  converter: OpenApiSchemaConverter,
  parameter: Json,
): void {
  const name = parameter.name as string;
  if (Object.hasOwn(mapped.properties, name)) throw new UnmappableOperation(`two parameters are named ${name}`);
  const content = isObject(parameter.content) ? Object.values(parameter.content)[0] : undefined;
  const raw = parameter.schema ?? (isObject(content) ? content.schema : undefined);
  const schema = converter.convert(raw, mapped.used);
  const description = typeof parameter.description === 'string' ? parameter.description : undefined;
  mapped.properties[name] = description && !schema.description ? { ...schema, description } : schema;
  if (parameter.required === true || parameter.in === 'path') mapped.required.push(name);
  const explode = parameter.explode ?? (parameter.style === undefined || parameter.style === 'form');
  mapped.bindings.push({
    arg: name,
    in: parameter.in as ArgumentBinding['in'],
    name,
    ...(parameter.in === 'query' ? { explode: explode === true } : {}),
    ...(parameter.style === 'deepObject' ? { deepObject: true } : {}),
    ...(parameter.in === 'query'
      ? queryKeysOf(document, raw, parameter.style === 'deepObject' || explode !== true)
      : {}),
  });
}

function addBody(mapped: MappedArguments, converter: OpenApiSchemaConverter, raw: unknown, required: boolean): void {
  const component = converter.componentOf(isObject(raw) ? raw.$ref : undefined);
  const shape = component === undefined ? raw : converter.rawComponent(component);
  const properties = flattenable(shape) ? ((shape as Json).properties as Json) : undefined;
  const collides = properties && Object.keys(properties).some((key) => Object.hasOwn(mapped.properties, key));
  if (!properties || collides || Object.keys(properties).length === 0) {
    if (Object.hasOwn(mapped.properties, BODY_ARGUMENT)) throw new UnmappableOperation('a parameter is named body');
    mapped.properties[BODY_ARGUMENT] = converter.convert(raw, mapped.used);
    if (required) mapped.required.push(BODY_ARGUMENT);
    mapped.bindings.push({ arg: BODY_ARGUMENT, in: 'body', name: BODY_ARGUMENT });
    return;
  }
  // The body's own schema (not a $ref to it): its properties are converted as the arguments' schemas.
  const converted = converter.convert(shape, mapped.used);
  const bodyRequired = new Set(Array.isArray((shape as Json).required) ? ((shape as Json).required as string[]) : []);
  for (const [name, schema] of Object.entries(converted.properties as Record<string, JsonSchema>)) {
    mapped.properties[name] = schema;
    // An optional body's required fields cannot be required arguments: the body may be left out whole.
    if (required && bodyRequired.has(name)) mapped.required.push(name);
    mapped.bindings.push({ arg: name, in: 'bodyProperty', name });
  }
}

/** An object body with named properties and nothing that would be lost by taking them one by one. */
function flattenable(schema: unknown): boolean {
  if (!isObject(schema) || !isObject(schema.properties)) return false;
  if (schema.type !== undefined && schema.type !== 'object') return false;
  if (isObject(schema.additionalProperties) || schema.nullable === true) return false;
  return !['allOf', 'anyOf', 'oneOf', 'not', 'if', '$ref'].some((key) => key in schema);
}
