export type { AccessProfileConfig, AccessProfilesConfig, ToolMode } from './access-profiles-config.interface';
export type {
  BearerCredential,
  BearerTokenAuthenticator,
  CredentialDoor,
  TokenClaimsVerdict,
  TokenVerdict,
} from './bearer-token-authenticator.interface';
export type { OAuthConfig, OAuthIssuerConfig, OAuthProfileRule } from './oauth-config.interface';
export {
  type ProfileQuotas,
  QUOTA_NAMES,
  type QuotaLimit,
  type QuotaName,
  type QuotaScope,
  type QuotaSetting,
} from './profile-quotas.interface';
