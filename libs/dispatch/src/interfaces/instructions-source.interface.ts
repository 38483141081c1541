import type { ClientContext } from './client-context.interface';

/** The `instructions` a client is given at `initialize` (and by `server/discover`); none when undefined. */
export interface InstructionsSource {
  for(client: ClientContext): string | undefined;
}
