/**
 * The configuration cannot be used (an unreadable or invalid config file, an unknown profile, an
 * unsafe bind address): the launcher prints the message and exits with code 2, before serving.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
