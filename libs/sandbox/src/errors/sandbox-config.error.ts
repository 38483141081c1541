/** Invalid `SandboxOptions`: thrown at start-up, naming every bad field. */
export class SandboxConfigError extends Error {
  override readonly name = 'SandboxConfigError';

  constructor(readonly problems: readonly string[]) {
    super(`Invalid sandbox options: ${problems.join('; ')}`);
  }
}
