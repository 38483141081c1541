import { OperationInvoker, OperationRegistry } from '@myko/registry';
import { SandboxService } from '@myko/sandbox';
import { Inject, Injectable } from '@nestjs/common';
import { DISPATCH_OPTIONS } from '../dispatch.constants';
import { CommandJournal } from '../execute/command-journal';
import { CommandReplay } from '../execute/command-replay';
import { ExecuteAbuseGuard } from '../execute/execute-abuse.guard';
import { executeCooldownRefusal, pauseBeforeRefusal, REFUSAL_PAUSE_MS } from '../execute/execute-cooldown.refusal';
import { formatExecuteResult } from '../execute/execute-result.formatter';
import { HostBridge } from '../execute/host.bridge';
import { ScriptDiscovery } from '../execute/script-discovery';
import { SessionRunGate } from '../execute/session-run.gate';
import type { ClientContext } from '../interfaces/client-context.interface';
import type { ResolvedDispatchOptions } from '../interfaces/dispatch-options.interface';
import type { RequestContext } from '../interfaces/request-context.interface';
import { McpContextFactory } from '../mcp-context/mcp-context.factory';
import { OperationSearchService } from '../search/operation-search.service';
import { parseExecuteArguments } from './tool-arguments';
import type { CallToolResult } from './tool-definition.interface';

/**
 * Whom the abuse backoff counts: the API key's profile, which outlives sessions, else the caller of a
 * stateless request (its address: each request is a session of its own), else the session.
 */
function abuseKey(client: ClientContext): string {
  if (client.principal !== undefined) return `principal:${client.principal}`;
  return client.caller === undefined ? `session:${client.sessionId}` : `caller:${client.caller}`;
}

/**
 * The `execute` tool: runs the model's code in a fresh sandbox bound to this request's bridge, one run
 * per session at a time (by default), and not at all for a client in an abuse cooldown.
 */
@Injectable()
export class ExecuteTool {
  private readonly gate: SessionRunGate;
  private readonly abuse?: ExecuteAbuseGuard;

  constructor(
    private readonly sandbox: SandboxService,
    private readonly registry: OperationRegistry,
    private readonly invoker: OperationInvoker,
    private readonly searchService: OperationSearchService,
    @Inject(DISPATCH_OPTIONS) options: Pick<ResolvedDispatchOptions, 'execute'>,
    private readonly contexts: McpContextFactory,
  ) {
    this.gate = new SessionRunGate(options.execute.maxRunsPerSession);
    if (options.execute.abuseBackoff) this.abuse = new ExecuteAbuseGuard(options.execute.abuseBackoff);
  }

  async call(args: Record<string, unknown>, request: RequestContext): Promise<CallToolResult> {
    const { code, timeoutMs } = parseExecuteArguments(args);
    const client = abuseKey(request.client);
    const cooldown = this.abuse?.cooldown(client);
    if (cooldown) {
      await pauseBeforeRefusal(Math.min(REFUSAL_PAUSE_MS, cooldown.retryAfterMs), request.signal);
      const left = this.abuse?.cooldown(client);
      if (left) return executeCooldownRefusal(left);
    }
    // Aborted while waiting: the sandbox sees the aborted signal and answers `cancelled`.
    // A stateless request is a session of its own: its caller (key profile, else address) holds the runs.
    const holder = request.client.caller ?? request.client.sessionId;
    const release = await this.gate.acquire(holder, request.signal);
    try {
      const journal = new CommandJournal();
      const discovery = new ScriptDiscovery(this.searchService, request.client.filters);
      // A run that asked for input stops there; dispatch answers `input_required` (see CommandReplay).
      const stop = new AbortController();
      const replay = request.input ? new CommandReplay(request.input, () => stop.abort()) : undefined;
      const elicit = this.contexts.create(request).elicit;
      const bridge = new HostBridge(this.registry, this.invoker, request, journal, discovery, replay, elicit);
      const signal = replay ? AbortSignal.any([request.signal, stop.signal]) : request.signal;
      const run = await this.sandbox.run({ code, timeoutMs, signal, bridge });
      if (request.input?.needsInput) return formatExecuteResult(run, journal);
      this.abuse?.record(client, run.ok ? undefined : run.error.kind);
      return formatExecuteResult(run, journal);
    } finally {
      release?.();
    }
  }
}
