import type { AccessProfiles, ToolMode } from '@myko/access';
import type { OperationInvoker, OperationRegistry } from '@myko/registry';
import { AdminRequestError } from '../errors';
import type { AccessExplanation, CallVerdict, ExplainQuestion } from '../interfaces';
import { callVerdict } from './call-verdict';
import { resolveSubject } from './explain-subject';
import { explainOperation } from './operation-explanation';

/** What the explainer needs of the server: its operations, their validation, its access profiles. */
export interface ExplainerParts {
  readonly registry: OperationRegistry;
  readonly invoker: OperationInvoker;
  readonly access?: AccessProfiles;
  /** The server's tool mode (a profile's own wins). @default 'code' */
  readonly toolMode?: ToolMode;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The access explainer: what a key, a profile or an anonymous client can see and call, with which
 * argument values, and which rule decided each — asked of the service's own filters, registry and
 * validation, so the answer is the service's decision. Served by the admin API and `myko-nest access
 * explain`.
 * @publicApi
 */
export class AccessExplainer {
  constructor(private readonly parts: ExplainerParts) {}

  /** A point question when `operation` is given, else the whole explanation. */
  answer(question: ExplainQuestion): Promise<AccessExplanation | CallVerdict> {
    if (question.operation === undefined) return Promise.resolve(this.explain(question));
    return this.check(question);
  }

  /** Every operation of the server, seen or hidden, with the rule that decided. */
  explain(question: ExplainQuestion): AccessExplanation {
    const { subject, profile, filters } = resolveSubject(this.parts.access, question);
    const all = this.parts.registry.list().map((operation) => explainOperation(operation, filters, subject.profile));
    return {
      subject,
      toolMode: profile?.toolMode ?? this.parts.toolMode ?? 'code',
      quotas: profile?.quotas ?? {},
      operations: all.filter((operation) => operation.visible),
      hidden: all
        .filter((operation) => !operation.visible)
        .map(({ name, kind, visibility }) => ({ name, kind, visibility })),
    };
  }

  /** May the subject call `operation` with `args` (default `{}`), and which rule decided. */
  async check(question: ExplainQuestion): Promise<CallVerdict> {
    const { operation, args = {} } = question;
    if (typeof operation !== 'string' || operation === '') {
      throw new AdminRequestError(400, '`operation` must be an operation name such as command_CancelOrder');
    }
    if (!isPlainObject(args)) throw new AdminRequestError(400, '`args` must be a JSON object');
    const resolved = resolveSubject(this.parts.access, question);
    return callVerdict(this.parts.registry, this.parts.invoker, resolved, operation, args);
  }
}
