import { REDACTED } from '../openapi-connector.constants';

/** Replaces every credential a call sent in a text the backend answered; `identity` when none was sent. */
export type CredentialRedactor = (text: string) => string;

/** A redactor for no credentials. */
export const NO_REDACTION: CredentialRedactor = (text) => text;

/** The forms a secret takes in a response that echoes it: as sent, JSON-escaped, percent-encoded. */
function formsOf(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  return [secret, json, json.replace(/\//g, '\\/'), encodeURIComponent(secret)];
}

/**
 * A redactor for the credentials in `authHeaders` (the connector's static secret or the caller's forwarded
 * token): each header value, and the part after its scheme (`Bearer <token>` → `<token>`), in the forms an
 * echo would show them. A backend that echoes request headers or logs them into an error would otherwise
 * hand a secret the script must never hold to the script (and to its result and the audit log).
 */
export function credentialRedactor(authHeaders: Readonly<Record<string, string>>): CredentialRedactor {
  const secrets = new Set<string>();
  for (const value of Object.values(authHeaders)) {
    const afterScheme = value.indexOf(' ') > 0 ? value.slice(value.indexOf(' ') + 1).trim() : '';
    for (const secret of [value, afterScheme]) {
      if (secret !== '') for (const form of formsOf(secret)) secrets.add(form);
    }
  }
  if (secrets.size === 0) return NO_REDACTION;
  // Longest first, so `Bearer <token>` is replaced whole before `<token>` alone.
  const ordered = [...secrets].sort((a, b) => b.length - a.length);
  return (text) => ordered.reduce((redacted, secret) => redacted.split(secret).join(REDACTED), text);
}
