/**
 * Admin options that cannot work, found when the admin API is defined or starts: e.g. an admin `scope` without the
 * OAuth settings any bearer token would be verified with. The same refusal as the config file's.
 * @publicApi
 */
export class AdminConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminConfigError';
  }
}
