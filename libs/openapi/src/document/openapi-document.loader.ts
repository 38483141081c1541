import { isAbsolute, resolve } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { ConnectorConfigError } from '../errors';

type Json = Record<string, unknown>;

/** A read OpenAPI document: external `$ref`s bundled in, internal ones kept (no cycles in the object). */
export interface LoadedDocument {
  readonly document: Json;
  /** The first `servers` URL, resolved against the document's own URL when relative. */
  readonly serverUrl?: string;
}

const URL_SOURCE = /^https?:\/\//i;

/** Where the document is: an http(s) URL as is, a file path made absolute. */
export function documentLocation(source: string, baseDir = process.cwd()): string {
  return URL_SOURCE.test(source) || isAbsolute(source) ? source : resolve(baseDir, source);
}

/**
 * Reads an OpenAPI 3.0/3.1 document from a file or URL, YAML or JSON, with `@apidevtools/swagger-parser`:
 * `bundle` resolves external `$ref`s into the document and keeps internal ones, so the mapper names
 * component types instead of inlining (and looping over) recursive ones. The document's full schema
 * validation is not run: on large documents it costs seconds, and each operation's schemas are checked
 * where they are used.
 * @throws ConnectorConfigError when it cannot be read or is not OpenAPI 3.x
 */
export async function loadOpenApiDocument(connector: string, source: string): Promise<LoadedDocument> {
  let document: Json;
  try {
    document = (await SwaggerParser.bundle(source)) as unknown as Json;
  } catch (error) {
    throw new ConnectorConfigError(connector, `cannot read the document ${source}: ${(error as Error).message}`);
  }
  const version = typeof document.openapi === 'string' ? document.openapi : undefined;
  if (!version || !/^3\.[01]\./.test(version)) {
    const found = version ?? (typeof document.swagger === 'string' ? `Swagger ${document.swagger}` : 'no version');
    throw new ConnectorConfigError(connector, `${source} is not an OpenAPI 3.0 or 3.1 document (${found})`);
  }
  if (typeof document.paths !== 'object' || document.paths === null) {
    throw new ConnectorConfigError(connector, `${source} has no paths`);
  }
  const serverUrl = firstServer(document, source);
  return { document, ...(serverUrl ? { serverUrl } : {}) };
}

function firstServer(document: Json, source: string): string | undefined {
  const servers = Array.isArray(document.servers) ? (document.servers as Json[]) : [];
  const url = servers.find((server) => typeof server?.url === 'string')?.url as string | undefined;
  if (url === undefined) return undefined;
  // Server variables take their defaults: `https://{region}.api.example.com` → the default region.
  const server = servers.find((entry) => entry.url === url) as Json;
  const variables = (server.variables ?? {}) as Record<string, { default?: string }>;
  const filled = url.replace(/\{([^}]+)\}/g, (whole, name: string) => variables[name]?.default ?? whole);
  if (URL_SOURCE.test(filled)) return filled;
  return URL_SOURCE.test(source) ? new URL(filled, source).toString() : undefined;
}
