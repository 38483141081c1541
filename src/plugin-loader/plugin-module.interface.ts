import type { DynamicModule, Type } from '@nestjs/common';

/** A Nest module exported by an external plugin file (`--plugin` / the config file's `plugins`). */
export interface PluginModule {
  /** Absolute path of the file it came from, for messages. */
  readonly file: string;
  readonly module: Type | DynamicModule;
}
