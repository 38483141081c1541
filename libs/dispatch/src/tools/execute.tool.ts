import { OperationInvoker, OperationRegistry } from '@myko/registry';
import { SandboxService } from '@myko/sandbox';
import { Inject, Injectable } from '@nestjs/common';
import { DISPATCH_OPTIONS } from '../dispatch.constants';
import { CommandJournal } from '../execute/command-journal';
import { ExecuteAbuseGuard } from '../execute/execute-abuse.guard';
import { executeCooldownRefusal, pauseBeforeRefusal, REFUSAL_PAUSE_MS } from '../execute/execute-cooldown.refusal';
import { formatExecuteResult } from '../execute/execute-result.formatter';
import { HostBridge } from '../execute/host.bridge';
import { SessionRunGate } from '../execute/session-run.gate';
import type { ClientContext } from '../interfaces/client-context.interface';
import type { ResolvedDispatchOptions } from '../interfaces/dispatch-options.interface';
import type { RequestContext } from '../interfaces/request-context.interface';
import { ExecuteMonitor } from '../observe/execute.monitor';
import { parseExecuteArguments } from './tool-arguments';
import type { CallToolResult } from './tool-definition.interface';

/** Whom the abuse backoff counts: the API key's profile, which outlives sessions, else the session. */
function abuseKey(client: ClientContext): string {
  return client.principal === undefined ? `session:${client.sessionId}` : `principal:${client.principal}`;
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
    @Inject(DISPATCH_OPTIONS) options: Pick<ResolvedDispatchOptions, 'execute'>,
    private readonly monitor: ExecuteMonitor,
  ) {
    this.gate = new SessionRunGate(options.execute.maxRunsPerSession);
    if (options.execute.abuseBackoff) this.abuse = new ExecuteAbuseGuard(options.execute.abuseBackoff);
  }

  async call(args: Record<string, unknown>, request: RequestContext): Promise<CallToolResult> {
    const { code, timeoutMs } = parseExecuteArguments(args);
    const startedAt = performance.now();
    const client = abuseKey(request.client);
    const cooldown = this.abuse?.cooldown(client);
    if (cooldown) {
      await pauseBeforeRefusal(Math.min(REFUSAL_PAUSE_MS, cooldown.retryAfterMs), request.signal);
      const left = this.abuse?.cooldown(client);
      if (left) {
        this.monitor.report('cooldown', startedAt);
        return executeCooldownRefusal(left);
      }
    }
    // Aborted while waiting: the sandbox sees the aborted signal and answers `cancelled`.
    const release = await this.gate.acquire(request.client.sessionId, request.signal);
    try {
      const journal = new CommandJournal();
      const bridge = new HostBridge(this.registry, this.invoker, request, journal);
      const run = await this.sandbox.run({ code, timeoutMs, signal: request.signal, bridge });
      this.abuse?.record(client, run.ok ? undefined : run.error.kind);
      this.monitor.report(run.ok ? 'ok' : run.error.kind, startedAt);
      return formatExecuteResult(run, journal);
    } finally {
      release?.();
    }
  }
}
