import { ClientCapabilityError, InputRequiredError, type McpInputRequest } from '@myko/mcp';
import { OperationError } from '@myko/registry';
import type { DispatchError } from '../../errors/dispatch.error';
import type { InputRoundState, JournalEntry, RoundState } from '../../interfaces/input-round.interface';
import { isPlainObject } from '../json-rpc/json-rpc.codec';
import { inputRequestDigest } from './input-request.digest';
import { InvalidInputResponsesError, MissingClientCapabilityError } from './protocol-era.errors';
import { newStateNonce } from './request-state.codec';

/** A verified state a retry brought back, with the nonce its `asked` digests are salted with. */
export interface EarlierRound {
  readonly state: RoundState;
  readonly nonce: string;
}

const CAPABILITY_OF: Record<McpInputRequest['method'], string> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

/**
 * One round of a multi-round-trip request (2026-07-28 MRTR). Handlers ask through it instead of
 * sending requests to the client: a known answer (from this retry's `inputResponses` or an earlier
 * round's signed state) is returned, an unknown one is collected and the handler stops with
 * `InputRequiredError`. After the handler, dispatch answers `input_required` with what was collected
 * and the next signed state, or the refusal recorded here (a capability the request did not declare,
 * malformed answers), whatever the handler made of the error.
 *
 * An answer is bound to its question: the signed state records a digest of every request it asked
 * (`inputRequestDigest`, salted with its nonce), and a retry's answer is used only when the same key
 * asks the identical request again. Answers to keys the state never asked are refused before anything
 * runs, so a client cannot answer a question nobody was shown.
 */
export class InputRound implements InputRoundState {
  readonly pending: Record<string, McpInputRequest> = {};
  /** Commands completed in this run (replayed or new), for the next state. */
  readonly journal: JournalEntry[] = [];
  refusal?: DispatchError;
  private nextNonce?: string;
  /** A signed state came back and was verified. */
  readonly resumed: boolean;
  private readonly used = new Set<string>();
  private readonly asked: Record<string, string> = {};
  private readonly counters = new Map<string, number>();
  private readonly answers: Record<string, unknown>;

  /** @throws InvalidInputResponsesError when `inputResponses` answers a key the earlier state did not ask */
  constructor(
    private readonly capabilities: Record<string, unknown>,
    private readonly earlier: EarlierRound | undefined,
    inputResponses: Record<string, unknown> | undefined,
  ) {
    refuseUnasked(inputResponses, earlier?.state.asked ?? {});
    this.resumed = earlier !== undefined;
    this.answers = { ...inputResponses, ...earlier?.state.answers };
  }

  /** Commands of earlier rounds, to replay in order. */
  get replay(): readonly JournalEntry[] {
    return this.earlier?.state.journal ?? [];
  }

  /**
   * The next state's nonce: what this round's `asked` digests are salted with. Drawn on first use: most
   * requests of an input-capable method never ask anything, and need none.
   */
  get nonce(): string {
    this.nextNonce ??= newStateNonce();
    return this.nextNonce;
  }

  get needsInput(): boolean {
    return Object.keys(this.pending).length > 0;
  }

  /** How many requests of `method` this run has keyed so far. */
  count(method: string): number {
    return this.counters.get(method) ?? 0;
  }

  /** Advances the keys of `method` past `n` requests a replayed command asked in an earlier round. */
  skip(method: string, n: number): void {
    this.counters.set(method, this.count(method) + n);
  }

  /** `<method>-<n>`: the n-th request of that method in this run (stable across re-runs). */
  nextKey(method: string): string {
    const n = (this.counters.get(method) ?? 0) + 1;
    this.counters.set(method, n);
    return `${method.replace('/', '-')}-${n}`;
  }

  /** The answers to all `requests`, or (some unknown) `InputRequiredError` after collecting those. */
  ask(requests: Readonly<Record<string, McpInputRequest>>): Record<string, Record<string, unknown>> {
    const known: Record<string, Record<string, unknown>> = {};
    const missing: string[] = [];
    for (const [key, request] of Object.entries(requests)) {
      this.requireCapability(request);
      const answer = this.answerTo(key, request);
      this.asked[key] = inputRequestDigest(this.nonce, key, request);
      if (answer === undefined) {
        this.pending[key] = request;
        missing.push(key);
        continue;
      }
      known[key] = this.validate(key, request, answer);
      this.used.add(key);
    }
    if (missing.length > 0) throw new InputRequiredError(missing);
    return known;
  }

  /** The state the next retry must bring back: the answers used so far and the completed commands. */
  nextState(): RoundState {
    const answers: Record<string, Record<string, unknown>> = {};
    for (const key of this.used) answers[key] = this.answers[key] as Record<string, unknown>;
    return { answers, asked: this.asked, journal: this.journal };
  }

  /** The answer given to this very request under `key` in an earlier round; undefined when it asked another. */
  private answerTo(key: string, request: McpInputRequest): unknown {
    const answer = this.answers[key];
    if (answer === undefined || this.earlier === undefined) return undefined;
    const digest = this.earlier.state.asked?.[key];
    return digest === inputRequestDigest(this.earlier.nonce, key, request) ? answer : undefined;
  }

  private requireCapability(request: McpInputRequest): void {
    const capability = CAPABILITY_OF[request.method];
    if (capability === undefined) {
      this.refuse(new InvalidInputResponsesError(`${request.method} cannot be asked of the client`));
    } else if (!isPlainObject(this.capabilities[capability])) {
      this.refuse(new MissingClientCapabilityError(capability));
      throw new ClientCapabilityError(request.method, capability);
    }
  }

  /** An answer of the wrong shape is refused (-32602): never taken for a decision the user did not make. */
  private validate(key: string, request: McpInputRequest, answer: unknown): Record<string, unknown> {
    const problem = shapeProblem(request.method, answer);
    if (problem !== undefined) {
      const error = new InvalidInputResponsesError(`Invalid params: inputResponses.${key} ${problem}`);
      this.refuse(error);
      throw new OperationError(error.message, 'invalid_input_response');
    }
    return answer as Record<string, unknown>;
  }

  private refuse(error: DispatchError): void {
    this.refusal ??= error;
  }
}

/** Answers to questions the earlier state never asked (any, on a first request) are refused (-32602). */
function refuseUnasked(inputResponses: Record<string, unknown> | undefined, asked: Record<string, string>): void {
  const unasked = Object.keys(inputResponses ?? {}).filter((key) => !Object.hasOwn(asked, key));
  if (unasked.length === 0) return;
  throw new InvalidInputResponsesError(
    `Invalid params: inputResponses answers ${unasked.map((key) => JSON.stringify(key)).join(', ')}, which ` +
      'the requestState sent back did not ask; answer only the inputRequests of the input_required result, ' +
      'with its requestState',
  );
}

function shapeProblem(method: string, answer: unknown): string | undefined {
  if (!isPlainObject(answer)) return 'must be an object';
  switch (method) {
    case 'elicitation/create':
      return ['accept', 'decline', 'cancel'].includes(answer.action as string)
        ? undefined
        : 'must have `action` accept, decline or cancel';
    case 'sampling/createMessage':
      return isPlainObject(answer.content) ? undefined : 'must have the sampled `content`';
    default:
      return Array.isArray(answer.roots) ? undefined : 'must have a `roots` array';
  }
}
