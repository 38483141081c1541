import { ConfigError } from '../config/config.error';

/**
 * An external plugin cannot be loaded (missing file, an error while it loads, no Nest module
 * exported): the start is refused with exit code 2, the message naming the file.
 */
export class PluginLoadError extends ConfigError {
  constructor(file: string, problem: string) {
    super(`plugin ${file}: ${problem}`);
  }
}
