/**
 * One rule of the `oauth.profiles` list: a verified token whose claims match `match` gets `profile`.
 * `match` maps a claim name to one value or a list: every listed value must be present in the claim
 * (a string claim equals it, an array claim contains it). `scope` reads the space-separated `scope`
 * claim (or an `scp` array), so `{ "scope": "myko:read" }` means "was granted myko:read".
 * @publicApi
 */
export interface OAuthProfileRule {
  readonly profile: string;
  readonly match: Readonly<Record<string, string | readonly string[]>>;
}

/** A trusted authorization server: its issuer identifier and, optionally, its JWKS (else discovered). */
export interface OAuthIssuerConfig {
  readonly issuer: string;
  /** Else read from the issuer's RFC 8414 / OpenID discovery document. */
  readonly jwksUri?: string;
}

/**
 * The `oauth` section of the config file: this server as an OAuth 2.1 resource server (MCP
 * authorization). Bearer JWTs from the listed issuers, for audience `resource`, select a profile
 * through `profiles`; API keys keep working beside them.
 * @publicApi
 */
export interface OAuthConfig {
  /** This server's resource URI (RFC 8707, RFC 9728), e.g. `https://mcp.example.com/mcp`: the required `aud`. */
  readonly resource: string;
  readonly issuers: readonly OAuthIssuerConfig[];
  /** Ordered: the first rule whose `match` fits the token's claims selects the profile. */
  readonly profiles: readonly OAuthProfileRule[];
  /** Advertised in the metadata (challenges name the least scope, see `OAuthChallenges`). Default: the scopes the rules name. */
  readonly scopesSupported: readonly string[];
  /** Tolerance on `exp`/`nbf`/`iat`, in seconds (default and minimum: `OAUTH_OPTION_TABLE`). */
  readonly clockSkewSeconds: number;
  /** Accepted JWS algorithms (asymmetric only). @default ["RS256","PS256","ES256","EdDSA"] */
  readonly algorithms: readonly string[];
  /** After a JWKS fetch, an unknown `kid` refetches only once this long has passed. */
  readonly jwksCooldownMs: number;
  /** A JWKS is refetched when older than this. */
  readonly jwksCacheMaxAgeMs: number;
  /** `resource_name` in the metadata. */
  readonly resourceName?: string;
}
