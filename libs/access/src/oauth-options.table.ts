import type { OptionTable } from '@myko/options';
import type { OAuthConfig } from './interfaces/oauth-config.interface';

/**
 * The whole-number settings of the config file's `oauth` section: default, minimum, doc (the
 * launcher's parser and the config schema read them from here).
 * @publicApi
 */
export const OAUTH_OPTION_TABLE: OptionTable<
  keyof Pick<OAuthConfig, 'clockSkewSeconds' | 'jwksCooldownMs' | 'jwksCacheMaxAgeMs'>
> = {
  clockSkewSeconds: { default: 30, minimum: 0, inConfigFile: true, doc: 'Tolerance on exp, nbf and iat.' },
  jwksCooldownMs: {
    default: 30_000,
    minimum: 0,
    inConfigFile: true,
    doc: 'A token with an unknown kid refetches the JWKS, at most once per this interval.',
  },
  jwksCacheMaxAgeMs: {
    default: 600_000,
    minimum: 0,
    inConfigFile: true,
    doc: 'A cached JWKS older than this is refetched.',
  },
};
