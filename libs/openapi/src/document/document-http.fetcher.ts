import { request } from 'undici';

/** The bounds of one document read over HTTP. */
export interface FetchLimits {
  readonly timeoutMs: number;
  readonly maxBytes: number;
}

/** A document read over HTTP failed: the URL and the cause in a few words (`answered HTTP 404`). */
export class DocumentFetchError extends Error {
  constructor(url: string, cause: string) {
    super(`GET ${url} ${cause}`);
    this.name = 'DocumentFetchError';
  }
}

const ACCEPT = 'application/json, application/yaml, application/x-yaml, text/yaml, text/plain;q=0.5, */*;q=0.1';

/**
 * Reads an OpenAPI document (or a file it `$ref`s) with undici, as the connector reaches its backend: any
 * host the operator names, internal ones included (the operator chose it; the `$ref` parser's own HTTP
 * reader refuses loopback and private addresses). Bounded by the connector's timeout and a size cap; a
 * redirect is not followed.
 * @throws DocumentFetchError naming the URL and the cause
 */
export async function fetchDocument(url: string, limits: FetchLimits): Promise<Buffer> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const response = await request(url, { method: 'GET', headers: { accept: ACCEPT }, signal });
    if (response.statusCode < 200 || response.statusCode >= 300) {
      await response.body.dump().catch(() => undefined);
      throw new DocumentFetchError(url, `answered HTTP ${response.statusCode}`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += (chunk as Buffer).length;
      if (size > limits.maxBytes) {
        response.body.destroy();
        throw new DocumentFetchError(url, `answered more than ${limits.maxBytes} bytes`);
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  } catch (error) {
    if (error instanceof DocumentFetchError) throw error;
    if (signal.aborted) throw new DocumentFetchError(url, `did not answer within ${limits.timeoutMs} ms`);
    const { code, message } = error as { code?: string; message?: string };
    throw new DocumentFetchError(url, `failed: ${message || code || 'network error'}`);
  }
}
