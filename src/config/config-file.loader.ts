import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { AccessProfiles } from '@myko/access';
import { AccessConfigError } from './access-config.error';
import { parseAccessConfig } from './access-config.parser';
import { ConfigError } from './config.error';
import type { AccessConfig } from './interfaces';

/** A validated config file. */
export interface LoadedConfigFile {
  /** Absolute path of the file. */
  readonly path: string;
  readonly config: AccessConfig;
  readonly access: AccessProfiles;
}

/**
 * Reads and validates the config file (`--config` / `MYKO_CONFIG`). Throws `ConfigError` naming the
 * file and, for an invalid one, every problem with its path (`profiles.ops.keys[0]: …`).
 */
export function loadConfigFile(path: string): LoadedConfigFile {
  const absolute = resolve(path);
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ConfigError(`cannot read the config file ${absolute} (${reason})`);
  }
  try {
    const config = parseAccessConfig(text, absolute);
    return { path: absolute, config, access: new AccessProfiles(config) };
  } catch (error) {
    if (error instanceof AccessConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

/** A path written in the config file is read from the file's directory. */
export function resolveFromConfig(file: LoadedConfigFile, path: string): string {
  return resolve(dirname(file.path), path);
}
