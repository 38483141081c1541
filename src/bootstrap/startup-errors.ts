/** Errors, by name (a plugin's copy of a lib has its own classes), that mean the declared set is wrong: exit code 2. */
export const REFUSING_ERRORS: ReadonlySet<string> = new Set(['OperationRegistrationError', 'DecoratorOptionsError']);

/**
 * Errors, by name, of a valid config the machine cannot serve as asked: exit code 1, the message alone. A
 * connector's document that cannot be read (a URL that does not answer, a `$ref` outside its roots) is one:
 * its message names the connector, the document and the cause.
 */
export const ENVIRONMENT_ERRORS: ReadonlySet<string> = new Set([
  'StateConnectionError',
  'ListenError',
  'ConnectorConfigError',
]);

/** Whether `error` is one `main` reports in one line of its own (no stack). */
export function isReportedInOneLine(error: unknown): boolean {
  return error instanceof Error && (REFUSING_ERRORS.has(error.name) || ENVIRONMENT_ERRORS.has(error.name));
}
