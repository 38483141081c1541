import { ClientCapabilityError, InputRequiredError, type McpInputRequest } from '@myko/mcp';
import { OperationError } from '@myko/registry';
import type { DispatchError } from '../../errors/dispatch.error';
import type { InputRoundState, JournalEntry, RoundState } from '../../interfaces/input-round.interface';
import { isPlainObject } from '../json-rpc/json-rpc.codec';
import { InvalidInputResponsesError, MissingClientCapabilityError } from './protocol-era.errors';

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
 */
export class InputRound implements InputRoundState {
  readonly pending: Record<string, McpInputRequest> = {};
  /** Commands completed in this run (replayed or new), for the next state. */
  readonly journal: JournalEntry[] = [];
  refusal?: DispatchError;
  private readonly used = new Set<string>();
  private readonly counters = new Map<string, number>();
  private readonly answers: Record<string, unknown>;

  constructor(
    private readonly capabilities: Record<string, unknown>,
    private readonly earlier: RoundState | undefined,
    inputResponses: Record<string, unknown> | undefined,
    /** A signed state came back and was verified. */
    readonly resumed: boolean,
  ) {
    this.answers = { ...inputResponses, ...earlier?.answers };
  }

  /** Commands of earlier rounds, to replay in order. */
  get replay(): readonly JournalEntry[] {
    return this.earlier?.journal ?? [];
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
      const answer = this.answers[key];
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
    return { answers, journal: this.journal };
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
