import type { SandboxIsolation } from '../interfaces/sandbox-options.interface';

/** Both isolation modes: the runner, limit and hostile suites hold for each. */
export const ISOLATIONS: readonly SandboxIsolation[] = ['process', 'in-process'];
