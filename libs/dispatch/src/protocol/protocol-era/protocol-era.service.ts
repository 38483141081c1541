import {
  MemoryUseOnceLedger,
  SHARED_SECRETS,
  type SharedSecrets,
  USED_REQUEST_STATES,
  type UseOnceLedger,
} from '@myko/state';
import { Inject, Injectable, type OnModuleInit, Optional } from '@nestjs/common';
import { DISPATCH_OPTIONS, SUPPORTED_PROTOCOL_VERSIONS } from '../../dispatch.constants';
import { MethodNotFoundError } from '../../errors';
import type { ClientContext } from '../../interfaces/client-context.interface';
import type { ProtocolMode, ResolvedDispatchOptions } from '../../interfaces/dispatch-options.interface';
import type { RoundState } from '../../interfaces/input-round.interface';
import type { JsonRpcId, JsonRpcResponse } from '../../interfaces/json-rpc.types';
import type { RequestContext } from '../../interfaces/request-context.interface';
import type { SessionState } from '../../interfaces/session-state.interface';
import { isPlainObject } from '../json-rpc/json-rpc.codec';
import type { JsonRpcParams } from '../json-rpc/json-rpc.message';
import { errorResponse, failureResponse, successResponse } from '../json-rpc/json-rpc.responses';
import { LifecycleHandler } from '../lifecycle.handler';
import { MethodTable, type RequestHandler } from '../method-table';
import { SessionStore } from '../session/session.store';
import { checkEraHeaders } from './era-headers';
import { markEnvelopeRejection } from './era-http-status';
import { InputRound } from './input-round';
import { decorateModernResult, inputRequiredResult } from './modern-result';
import {
  INPUT_REQUIRED_METHODS,
  MODERN_PROTOCOL_VERSIONS,
  REMOVED_METHODS,
  TASKS_EXTENSION,
} from './protocol-era.constants';
import { InvalidEnvelopeError, InvalidInputResponsesError, InvalidRequestStateError } from './protocol-era.errors';
import { hasModernEnvelope, readEnvelope } from './request-envelope';
import { type OpenedState, type RequestStateBinding, RequestStateCodec, requestDigest } from './request-state.codec';

const NEITHER_ERA =
  'Invalid params: this request has no session and no 2026-07-28 `_meta` ' +
  '(io.modelcontextprotocol/protocolVersion and clientCapabilities); send `initialize` first for a 2025-era session';

/** A modern request, checked and ready to run. */
export interface ModernRequest {
  readonly method: string;
  readonly handler: RequestHandler;
  /** Lives for this request only; shares the connection's in-flight map so cancellation reaches it. */
  readonly session: SessionState;
  readonly round?: InputRound;
  /** The request set `_meta` log level: only then may it get `notifications/message`. */
  readonly logs: boolean;
  /** Caller and request digest a `requestState` is bound to (the digest is computed on first use). */
  readonly binding: RequestStateBinding;
}

/** Name of the shared signing key of `requestState` in the state store. */
const REQUEST_STATE_SECRET = 'request-state';

/**
 * Which era a request belongs to, and the 2026-07-28 side of dispatch: the envelope instead of the
 * handshake, the method table without the removed methods, `server/discover`, `subscriptions/listen`,
 * MRTR rounds with signed state, and the result/error shapes of the revision. One endpoint serves
 * both eras (`protocol: dual`), or one of them.
 */
@Injectable()
export class ProtocolEraService implements OnModuleInit {
  readonly mode: ProtocolMode;
  private codec: RequestStateCodec;
  private readonly used: UseOnceLedger;

  constructor(
    @Inject(DISPATCH_OPTIONS) private readonly options: ResolvedDispatchOptions,
    private readonly router: MethodTable,
    private readonly sessions: SessionStore,
    private readonly lifecycle: LifecycleHandler,
    @Optional() @Inject(SHARED_SECRETS) private readonly secrets?: SharedSecrets | null,
    @Optional() @Inject(USED_REQUEST_STATES) used?: UseOnceLedger | null,
  ) {
    this.mode = options.protocol;
    this.used = used ?? new MemoryUseOnceLedger();
    this.codec = this.codecWith(options.requestState.key);
  }

  /**
   * Several instances on one Redis must sign `requestState` with one key, or an input round answered
   * through another instance fails its signature check: without a configured key, they share one
   * generated key kept in Redis (a configured `requestState.key` always wins).
   */
  async onModuleInit(): Promise<void> {
    if (this.options.requestState.key !== undefined || !this.secrets) return;
    this.codec = this.codecWith(await this.secrets.obtain(REQUEST_STATE_SECRET));
  }

  private codecWith(key: string | undefined): RequestStateCodec {
    return new RequestStateCodec(key, this.options.requestState.ttlSeconds * 1000);
  }

  /** Versions `server/discover` offers (both eras on a dual endpoint). */
  get supportedVersions(): string[] {
    if (this.mode === 'modern-only') return [...MODERN_PROTOCOL_VERSIONS];
    return [...MODERN_PROTOCOL_VERSIONS, ...SUPPORTED_PROTOCOL_VERSIONS];
  }

  /**
   * Modern when the request carries the 2026-07-28 envelope, or when its transport has no session for
   * it (an HTTP POST without `Mcp-Session-Id`: it can only be modern, so a missing `_meta` is -32602).
   */
  isModern(method: string, params: JsonRpcParams, client: ClientContext): boolean {
    if (this.mode === 'legacy-only') return false;
    if (this.mode === 'modern-only') return true;
    return hasModernEnvelope(params) || (client.stateless === true && method !== 'initialize');
  }

  /**
   * @throws EnvelopeError, MethodNotFoundError, InvalidRequestStateError, StateUnavailableError (the
   * use of a `requestState` cannot be recorded): answered before any handler runs
   */
  async prepare(method: string, params: JsonRpcParams, client: ClientContext): Promise<ModernRequest> {
    if (!hasModernEnvelope(params)) {
      // A 2025 client on a modern-only server reads 404 for `initialize`; on a dual one, how to get a session.
      if (this.mode === 'modern-only' && REMOVED_METHODS.has(method)) throw new MethodNotFoundError(method);
      throw new InvalidEnvelopeError(NEITHER_ERA);
    }
    if (client.eraHeaders) checkEraHeaders(method, params, client.eraHeaders);
    const handler = this.handlerFor(method);
    const envelope = readEnvelope(params, MODERN_PROTOCOL_VERSIONS);
    if (!handler) throw new MethodNotFoundError(method);
    const binding = lazyBinding(client, method, params);
    const session: SessionState = {
      sessionId: client.sessionId,
      protocolVersion: envelope.protocolVersion,
      clientInfo: envelope.clientInfo,
      clientCapabilities: envelope.clientCapabilities,
      initialized: true,
      inFlight: this.sessions.get(client.sessionId).inFlight,
      logLevel: envelope.logLevel ?? 'emergency',
      subscriptions: new Map(),
      pending: new Map(),
      serverRequestCount: 0,
      channels: [],
    };
    const round = INPUT_REQUIRED_METHODS.has(method)
      ? await this.round(params, envelope.clientCapabilities, binding)
      : undefined;
    return { method, handler, session, round, logs: envelope.logLevel !== undefined, binding };
  }

  /** The answer to a request refused before it ran, marked for HTTP 400/404. */
  reject(id: JsonRpcId, error: unknown, method: string): JsonRpcResponse {
    return markEnvelopeRejection(errorResponse(id, error, method));
  }

  /** The revision's shapes: `resultType`, `_meta` serverInfo, caching hints; MRTR rounds; renumbered errors. */
  finish(response: JsonRpcResponse, request: ModernRequest): JsonRpcResponse {
    const round = request.round;
    if (round?.refusal) return markEnvelopeRejection(errorResponse(response.id, round.refusal, request.method));
    if (round?.needsInput && response.id !== null) {
      const state = this.codec.seal<RoundState>(round.nextState(), request.binding, round.nonce);
      return successResponse(response.id, this.decorate(inputRequiredResult(round.pending, state), request.method));
    }
    if ('error' in response) return failureResponse(response.id, modernError(response.error));
    return successResponse(response.id, this.decorate(response.result, request.method));
  }

  private decorate(result: Record<string, unknown>, method: string): Record<string, unknown> {
    return decorateModernResult(result, method, this.options.serverInfo);
  }

  private handlerFor(method: string): RequestHandler | undefined {
    if (REMOVED_METHODS.has(method)) return undefined;
    if (method === 'server/discover') return (_params, request) => this.discover(request);
    return this.router.modernRequestHandler(method) ?? this.router.requestHandler(method);
  }

  private discover(request: RequestContext): Record<string, unknown> {
    const result: Record<string, unknown> = {
      supportedVersions: this.supportedVersions,
      capabilities: { ...this.lifecycle.capabilities(), extensions: { [TASKS_EXTENSION]: {} } },
    };
    const instructions = this.lifecycle.instructionsFor(request.client);
    if (instructions) result.instructions = instructions;
    return result;
  }

  /**
   * This round's answers: the retry's `inputResponses` and, when it brings one back, the signed state.
   * Answers to questions the state did not ask are refused before the state is spent.
   */
  private async round(params: JsonRpcParams, capabilities: Record<string, unknown>, binding: RequestStateBinding) {
    const { inputResponses, requestState } = params;
    if (inputResponses !== undefined && !isPlainObject(inputResponses)) {
      throw new InvalidInputResponsesError('Invalid params: `inputResponses` must be an object keyed by input request');
    }
    const opened = requestState === undefined ? undefined : this.codec.open<RoundState>(requestState, binding);
    const round = new InputRound(
      capabilities,
      opened && { state: opened.payload, nonce: opened.nonce },
      inputResponses,
    );
    if (opened) await this.spend(opened);
    return round;
  }

  /**
   * Records a verified state's use, on every instance when on Redis: a round's commands run once, so a
   * replayed retry (or two at once, through two instances) is refused before anything runs. Only a
   * state that verified is spent, so a foreign caller presenting one cannot use it up.
   */
  private async spend(opened: OpenedState<RoundState>): Promise<void> {
    if (!(await this.used.claim(opened.id, opened.expiresAt - Date.now()))) {
      throw new InvalidRequestStateError(
        'it has already been used (each state continues its request once, and its commands may have run); ' +
          'to run the request again, send it without requestState',
      );
    }
  }
}

/**
 * A state is bound to the caller's profile and key (or token holder), as an HTTP session is; a
 * keyless client's to its profile alone. Hashing the params costs on every `tools/call`; only a round
 * that signs or opens a state needs it.
 */
function lazyBinding(client: ClientContext, method: string, params: JsonRpcParams): RequestStateBinding {
  let digest: string | undefined;
  return {
    principal: client.principal ?? '',
    identity: client.identity ?? '',
    get digest() {
      digest ??= requestDigest(method, params);
      return digest;
    },
  };
}

/** 2026-07-28 numbers resource-not-found -32602 (it was -32002), keeping `data.uri`. */
function modernError(error: { code: number; message: string; data?: unknown }) {
  return error.code === -32002 ? { ...error, code: -32602 } : error;
}
