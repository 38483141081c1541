// A real OAuth 2.1 / OpenID authorization server (oidc-provider) for the e2e tests, run as a child
// process because oidc-provider is ESM-only. Reads its settings from OIDC_SETTINGS (JSON):
// { port, signingKeys: [private JWK...], defaultResource, clients: [{ client_id, client_secret, scope, groups?, ttl?, audiences? }] }
// (`audiences`: more `aud` entries beside the resource, for a token also meant for a connector's backend)
// and prints "listening <issuer>" once it serves.
import Provider from 'oidc-provider';

const settings = JSON.parse(process.env.OIDC_SETTINGS);
const byClient = new Map(settings.clients.map((c) => [c.client_id, c]));
const scopes = [...new Set(settings.clients.flatMap((c) => c.scope.split(' ')))];
const issuer = `http://127.0.0.1:${settings.port}`;

const provider = new Provider(issuer, {
  clients: settings.clients.map(({ client_id, client_secret, scope }) => ({
    client_id,
    client_secret,
    scope,
    grant_types: ['client_credentials'],
    redirect_uris: [],
    response_types: [],
  })),
  scopes,
  jwks: { keys: settings.signingKeys },
  features: {
    devInteractions: { enabled: false },
    clientCredentials: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => settings.defaultResource,
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx, resource, client) => ({
        scope: scopes.join(' '),
        audience: resource,
        accessTokenTTL: byClient.get(client.clientId)?.ttl ?? 300,
        accessTokenFormat: 'jwt',
        jwt: { sign: { alg: settings.signingKeys[0].alg } },
      }),
    },
  },
  formats: {
    customizers: {
      jwt: (_ctx, token, jwt) => {
        const extra = byClient.get(token.clientId)?.audiences;
        if (extra?.length) jwt.payload.aud = [jwt.payload.aud, ...extra].flat();
      },
    },
  },
  extraTokenClaims: (_ctx, token) => {
    const groups = byClient.get(token.clientId)?.groups;
    return groups ? { groups } : undefined;
  },
});
provider.proxy = false;
const server = provider.listen(settings.port, '127.0.0.1', () => {
  process.stdout.write(`listening ${issuer}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
