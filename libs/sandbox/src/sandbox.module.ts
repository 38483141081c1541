import { Module } from '@nestjs/common';
import {
  SANDBOX_ASYNC_OPTIONS_TYPE,
  SANDBOX_OPTIONS_TYPE,
  SandboxConfigurableModule,
} from './sandbox.module-definition';
import { SandboxService } from './sandbox.service';

/**
 * Provides `SandboxService`, which runs `execute` scripts in fresh isolated-vm isolates under limits.
 * Fails at start-up when Node lacks `--no-node-snapshot` or an option is invalid.
 * @publicApi
 */
@Module({
  providers: [SandboxService],
  exports: [SandboxService],
})
export class SandboxModule extends SandboxConfigurableModule {
  /** Limits given here override the defaults (`DEFAULT_SANDBOX_OPTIONS`); omit them all for safe defaults. */
  static override forRoot(options: typeof SANDBOX_OPTIONS_TYPE = {}) {
    // biome-ignore lint/complexity/noThisInStatic: `super` keeps `this` = SandboxModule, the module the builder returns.
    return super.forRoot(options);
  }

  /** Limits computed at start-up, e.g. from `ConfigService` (`useFactory` + `inject`, `useClass` or `useExisting`). */
  static override forRootAsync(options: typeof SANDBOX_ASYNC_OPTIONS_TYPE) {
    // biome-ignore lint/complexity/noThisInStatic: as in forRoot.
    return super.forRootAsync(options);
  }
}
