/** Injection token of the `AccessProfiles` the `ClientAccessResolver` reads (absent: everything allowed). */
export const ACCESS_PROFILES = Symbol('myko:access-profiles');

/** Injection token of the `BearerTokenAuthenticator` beside the API keys (absent: keys only). */
export const BEARER_TOKEN_AUTHENTICATOR = Symbol('myko:bearer-token-authenticator');
