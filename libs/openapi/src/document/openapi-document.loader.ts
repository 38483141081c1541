import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { ConnectorConfigError } from '../errors';
import { CONNECTOR_OPTION_TABLE, MAX_DOCUMENT_BYTES } from '../openapi-connector.constants';
import { fetchDocument } from './document-http.fetcher';
import { RefRoots } from './ref-roots.guard';

type Json = Record<string, unknown>;

/** A read OpenAPI document: external `$ref`s bundled in, internal ones kept (no cycles in the object). */
export interface LoadedDocument {
  readonly document: Json;
  /** The first `servers` URL, resolved against the document's own URL when relative. */
  readonly serverUrl?: string;
}

/** Where a document's `$ref`s may also point, and how its HTTP reads are bounded. */
export interface DocumentReadOptions {
  /** Folders or http(s) URL prefixes besides the document's own folder (a file) or origin (a URL). */
  readonly refRoots?: readonly string[];
  /** Per HTTP read. @default the connectors' timeoutMs default */
  readonly timeoutMs?: number;
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
 * where they are used. Files and URLs are read by the connector's own readers (parser's are off): a
 * `$ref` stays under the document's folder or origin unless `refRoots` allows more, and URLs, internal
 * ones included, are read with undici within the timeout and `MAX_DOCUMENT_BYTES`.
 * @throws ConnectorConfigError when it cannot be read or is not OpenAPI 3.x, in one line naming the source
 */
export async function loadOpenApiDocument(
  connector: string,
  source: string,
  options: DocumentReadOptions = {},
): Promise<LoadedDocument> {
  let document: Json;
  try {
    const roots = await RefRoots.of(documentLocation(source), options.refRoots);
    const limits = {
      timeoutMs: options.timeoutMs ?? CONNECTOR_OPTION_TABLE.timeoutMs.default,
      maxBytes: MAX_DOCUMENT_BYTES,
    };
    const read = async (file: { url: string }) => {
      const target = await roots.assertInside(file.url);
      return URL_SOURCE.test(target) ? fetchDocument(target, limits) : readFile(target);
    };
    const reader = { order: 1, canRead: true, read };
    // swagger-parser's types do not list custom resolvers, which json-schema-ref-parser takes by any key.
    const resolve = { file: false, http: false, connector: reader } as unknown as SwaggerParser.Options['resolve'];
    document = (await SwaggerParser.bundle(documentLocation(source), { resolve })) as unknown as Json;
  } catch (error) {
    throw new ConnectorConfigError(connector, `cannot read the document ${source}: ${oneLine(error)}`);
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

/** The parser's message without its stack or a repeated cause: the start fails with one line. */
function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0].trim();
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
