import { SandboxError } from './sandbox.error';

/**
 * The sandbox process grew past its resident memory limit while this run was the one computing hardest:
 * memory outside the isolate's heap (Intl objects, flattened strings…) that the heap limit cannot see.
 * The run was stopped (its isolate disposed, which frees that memory); the runs beside it went on.
 */
export class SandboxNativeMemoryError extends SandboxError {
  override readonly name = 'SandboxNativeMemoryError';
  readonly kind = 'memory';

  constructor(override readonly limit: number) {
    super(
      `The script made its sandbox process use more than ${limit} MB of memory (outside the heap: many Intl ` +
        'objects, huge strings) and was stopped. Work on less data at a time. Operations that had already ' +
        'completed stay completed.',
    );
  }
}
