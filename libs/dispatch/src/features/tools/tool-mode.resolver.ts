import type { ToolMode } from '@myko/access';
import { Inject, Injectable } from '@nestjs/common';
import { DISPATCH_OPTIONS } from '../../dispatch.constants';
import type { ClientContext } from '../../interfaces/client-context.interface';
import type { ResolvedDispatchOptions } from '../../interfaces/dispatch-options.interface';

/**
 * The tool mode a client is served in: its own override (`ClientContext.toolMode`), else its access
 * profile's (`profileToolModes[principal]`), else the server's `toolMode`.
 */
@Injectable()
export class ToolModeResolver {
  private readonly byProfile: ReadonlyMap<string, ToolMode>;
  private readonly server: ToolMode;

  constructor(@Inject(DISPATCH_OPTIONS) options: Pick<ResolvedDispatchOptions, 'toolMode' | 'profileToolModes'>) {
    this.server = options.toolMode;
    this.byProfile = new Map(Object.entries(options.profileToolModes));
  }

  modeOf(client: ClientContext): ToolMode {
    if (client.toolMode) return client.toolMode;
    return (client.principal === undefined ? undefined : this.byProfile.get(client.principal)) ?? this.server;
  }
}
