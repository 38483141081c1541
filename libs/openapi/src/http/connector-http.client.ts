import { setTimeout as sleep } from 'node:timers/promises';
import { OperationAbortedError, OperationError } from '@myko/registry';
import { type Dispatcher, Pool } from 'undici';
import { BackendRequestError, BackendUnavailableError, ResponseTooLargeError } from '../errors';
import { ERROR_EXCERPT_CHARS, MAX_REDIRECTS, RETRY_BASE_DELAY_MS } from '../openapi-connector.constants';
import type { ConnectorRequest } from './connector-request.builder';
import { discardBody, readBody, resultOf } from './connector-response.reader';
import { type CredentialRedactor, NO_REDACTION } from './credential.redactor';

/** The limits of one call. */
export interface CallLimits {
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  /** Retries after a network error or a 5xx; only given for idempotent methods. */
  readonly retries: number;
}

/** How much of a 4xx body is read to quote from. */
const ERROR_BODY_BYTES = 16 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Thrown inside an attempt to say the next one may be tried. */
class RetryableFailure extends Error {
  constructor(readonly failure: BackendUnavailableError) {
    super(failure.message);
  }
}

/**
 * The HTTP client of one connector: an undici `Pool` on the base URL's origin (keep-alive connections
 * reused across calls), each call bounded by its timeout (retries included) and the caller's
 * AbortSignal (a cancelled script aborts the request in flight). Redirects are followed only for reads
 * and only on the same origin; 4xx fails as `BackendRequestError`, 5xx and network errors as retryable
 * `BackendUnavailableError` once the retries are spent.
 */
export class ConnectorHttpClient {
  private readonly pool: Pool;
  private readonly origin: string;
  private readonly basePath: string;

  constructor(baseUrl: string) {
    const url = new URL(baseUrl);
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.pool = new Pool(this.origin, { connections: 32, keepAliveTimeout: 30_000 });
  }

  /** Sends `request` and answers its result (parsed JSON, text, or null). */
  async call(operation: string, request: ConnectorRequest, limits: CallLimits, signal: AbortSignal): Promise<unknown> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), limits.timeoutMs);
    const both = AbortSignal.any([signal, timeout.signal]);
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          return await this.attempt(operation, request, limits, both);
        } catch (error) {
          const failure = this.failureOf(operation, error, signal, timeout.signal, limits.timeoutMs);
          if (!(failure instanceof RetryableFailure)) throw failure;
          if (attempt >= limits.retries) throw failure.failure;
          await backoff(attempt, both).catch(() => undefined);
          if (both.aborted) throw this.failureOf(operation, both.reason, signal, timeout.signal, limits.timeoutMs);
        }
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /** Closes the pooled connections (at shutdown). */
  close(): Promise<void> {
    return this.pool.close();
  }

  private async attempt(operation: string, request: ConnectorRequest, limits: CallLimits, signal: AbortSignal) {
    const redact = request.redact ?? NO_REDACTION;
    let path = this.basePath + request.path;
    for (let redirects = 0; ; redirects++) {
      const response = await this.pool.request({
        method: request.method as Dispatcher.HttpMethod,
        path,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
        signal,
      });
      const { statusCode } = response;
      if (statusCode >= 200 && statusCode < 300) {
        const body = await readBody(operation, response, limits.maxResponseBytes);
        return resultOf({ ...body, text: redact(body.text) });
      }
      if (REDIRECTS.has(statusCode)) {
        await discardBody(response);
        path = this.redirectTarget(operation, request.method, response, redirects);
        continue;
      }
      if (statusCode >= 400 && statusCode < 500) throw await this.refusal(operation, response, redact);
      await discardBody(response);
      throw new RetryableFailure(
        new BackendUnavailableError(
          operation,
          `the backend answered HTTP ${statusCode}`,
          'backend_unavailable',
          statusCode,
        ),
      );
    }
  }

  /** The path a same-origin redirect of a read points to. @throws OperationError for any other redirect */
  private redirectTarget(operation: string, method: string, response: Dispatcher.ResponseData, redirects: number) {
    const location = response.headers.location;
    const target = typeof location === 'string' ? new URL(location, `${this.origin}/`) : undefined;
    if (!target || target.origin !== this.origin) {
      throw new OperationError(
        `${operation}: the backend redirected to another host; the redirect was not followed`,
        'redirect_refused',
      );
    }
    if ((method !== 'GET' && method !== 'HEAD') || redirects >= MAX_REDIRECTS) {
      throw new OperationError(
        `${operation}: the backend redirected (HTTP ${response.statusCode}); not followed`,
        'redirect_refused',
      );
    }
    return target.pathname + target.search;
  }

  private async refusal(operation: string, response: Dispatcher.ResponseData, redact: CredentialRedactor) {
    let excerpt = '';
    try {
      excerpt = redact((await readBody(operation, response, ERROR_BODY_BYTES)).text);
    } catch (error) {
      if (!(error instanceof ResponseTooLargeError)) throw error;
    }
    const bounded = excerpt.length > ERROR_EXCERPT_CHARS ? `${excerpt.slice(0, ERROR_EXCERPT_CHARS)}…` : excerpt;
    return new BackendRequestError(operation, response.statusCode, bounded);
  }

  /** What a failed attempt ends as: cancelled, timed out, an operation error, or retryable. */
  private failureOf(operation: string, error: unknown, caller: AbortSignal, timeout: AbortSignal, timeoutMs: number) {
    if (caller.aborted) return new OperationAbortedError(operation, 'the caller cancelled the request');
    if (timeout.aborted) {
      return new BackendUnavailableError(
        operation,
        `the backend did not answer within ${timeoutMs} ms`,
        'backend_timeout',
      );
    }
    if (error instanceof RetryableFailure || error instanceof OperationError) return error;
    const code = (error as { code?: string })?.code;
    return new RetryableFailure(
      new BackendUnavailableError(
        operation,
        `the backend could not be reached (${code ?? (error as Error)?.message ?? 'network error'})`,
      ),
    );
  }
}

/** 100 ms, 200 ms, 400 ms… with ±50 % jitter, so retries of many callers do not arrive together. */
function backoff(attempt: number, signal: AbortSignal): Promise<void> {
  const delay = RETRY_BASE_DELAY_MS * 2 ** attempt * (0.5 + Math.random());
  return sleep(delay, undefined, { signal });
}
