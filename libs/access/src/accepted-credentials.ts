import type { OAuthConfig } from './interfaces/oauth-config.interface';

/**
 * What a client may present, in words for messages: `an API key`, `a bearer token from
 * https://idp.example`, `an API key or a bearer token from …`; undefined when neither is configured.
 * Said from the config, so an OAuth-only server never asks for an API key it has none of.
 */
export function acceptedCredentials(hasKeys: boolean, oauth: OAuthConfig | undefined): string | undefined {
  const token = oauth ? `a bearer token from ${oauth.issuers.map((i) => i.issuer).join(' or ')}` : undefined;
  if (hasKeys && token) return `an API key or ${token}`;
  return hasKeys ? 'an API key' : token;
}

/** `an API key` → `An API key`. */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
