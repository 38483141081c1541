export { ACCESS_PROFILES, BEARER_TOKEN_AUTHENTICATOR } from './access.constants';
export { AccessProfiles, type BearerResolution } from './access-profiles';
export { digestApiKey, digestsEqual, generateApiKey, hashApiKey, parseKeyHash } from './api-key.util';
export { grantedScopes, matchProfile, type TokenClaims } from './claims-profile.matcher';
export {
  type AccessRefusal,
  type AccessResolution,
  type ClientAccess,
  ClientAccessResolver,
} from './client-access.resolver';
export * from './interfaces';
export type { AccessProfile } from './interfaces/access-profile.interface';
export type { TokenHolder } from './interfaces/token-holder.interface';
export { OAUTH_OPTION_TABLE } from './oauth-options.table';
export { tokenHolderKeyId, tokenHolderOf } from './principal-identity';
export { bearerChallenge, quotedString } from './www-authenticate';
