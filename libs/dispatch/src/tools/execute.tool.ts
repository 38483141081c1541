import { OperationInvoker, OperationRegistry } from '@myko/registry';
import { SandboxService } from '@myko/sandbox';
import { Injectable } from '@nestjs/common';
import { CommandJournal } from '../execute/command-journal';
import { formatExecuteResult } from '../execute/execute-result.formatter';
import { HostBridge } from '../execute/host.bridge';
import type { RequestContext } from '../interfaces/request-context.interface';
import { parseExecuteArguments } from './tool-arguments';
import type { CallToolResult } from './tool-definition.interface';

/** The `execute` tool: runs the model's code in a fresh sandbox bound to this request's bridge. */
@Injectable()
export class ExecuteTool {
  constructor(
    private readonly sandbox: SandboxService,
    private readonly registry: OperationRegistry,
    private readonly invoker: OperationInvoker,
  ) {}

  async call(args: Record<string, unknown>, request: RequestContext): Promise<CallToolResult> {
    const { code, timeoutMs } = parseExecuteArguments(args);
    const journal = new CommandJournal();
    const bridge = new HostBridge(this.registry, this.invoker, request, journal);
    const run = await this.sandbox.run({ code, timeoutMs, signal: request.signal, bridge });
    return formatExecuteResult(run, journal);
  }
}
