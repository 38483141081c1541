import { Inject, Injectable } from '@nestjs/common';
import { DISPATCH_OPTIONS } from '../dispatch.constants';
import { ToolModeResolver } from '../features/tools/tool-mode.resolver';
import type { ClientContext } from '../interfaces/client-context.interface';
import type { ResolvedDispatchOptions } from '../interfaces/dispatch-options.interface';
import type { InstructionsSource } from '../interfaces/instructions-source.interface';

/**
 * What the `initialize` instructions say about Code Mode. The two tool descriptions are in the
 * model's context on every turn and say how to call each tool; this says only what neither does:
 * how they work together (what `queries` are for, "all the task needs", the search description says,
 * which every client shows). Live reads are the host's business (it subscribes): the `live-query` resource
 * template describes them, and a search signature marks them `// live`.
 * @publicApi
 */
export const CODE_MODE_INSTRUCTIONS = `Two turns: one search with queries, then one execute script that chains the calls.`;

/**
 * The `initialize` (and `server/discover`) instructions for a client: the Code Mode paragraph when its
 * tool mode serves `search` and `execute`, then the server's own instructions. A direct-mode client
 * is not told about tools it does not have.
 */
@Injectable()
export class CodeModeInstructions implements InstructionsSource {
  private readonly withCodeMode: string;
  private readonly configured?: string;

  constructor(
    @Inject(DISPATCH_OPTIONS) options: Pick<ResolvedDispatchOptions, 'instructions'>,
    private readonly toolModes: ToolModeResolver,
  ) {
    this.configured = options.instructions;
    this.withCodeMode = options.instructions
      ? `${CODE_MODE_INSTRUCTIONS}\n\n${options.instructions}`
      : CODE_MODE_INSTRUCTIONS;
  }

  for(client: ClientContext): string | undefined {
    return this.toolModes.modeOf(client) === 'direct' ? this.configured : this.withCodeMode;
  }
}
