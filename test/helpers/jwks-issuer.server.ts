import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JWTPayload } from 'jose';
import { forgeToken, type SigningKey, signingKey } from './oauth-fixtures';

/** How the issuer answers its discovery document and JWKS: well, or each way an IdP fails. */
export type IssuerMode = 'ok' | 'status-500' | 'bad-json' | 'hang';

const DISCOVERY = '/.well-known/oauth-authorization-server';
const JWKS = '/jwks';

/**
 * A minimal real authorization server's key side on a loopback port: an RFC 8414 discovery document
 * and a JWKS, each switchable to fail (`status-500`, `bad-json`, `hang`), counting every request it
 * gets, and signing tokens with its published key. For the cases `oidc-provider` cannot play: an
 * issuer that fails, or two issuers handing out the same `sub`.
 */
export class JwksIssuer {
  /** Requests per path (`/jwks`, the discovery path). */
  readonly hits = new Map<string, number>();
  jwksMode: IssuerMode = 'ok';
  discoveryMode: IssuerMode = 'ok';
  private readonly hanging = new Set<ServerResponse>();

  private constructor(
    private readonly server: Server,
    readonly key: SigningKey,
  ) {}

  static async start(kid = 'issuer-key'): Promise<JwksIssuer> {
    const server = createServer();
    const issuer = new JwksIssuer(server, await signingKey(kid));
    server.on('request', (req, res) => issuer.answer(req, res));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return issuer;
  }

  get issuer(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  get jwksUri(): string {
    return `${this.issuer}${JWKS}`;
  }

  /** JWKS requests so far. */
  get jwksHits(): number {
    return this.hits.get(JWKS) ?? 0;
  }

  get discoveryHits(): number {
    return this.hits.get(DISCOVERY) ?? 0;
  }

  /** A token of this issuer (`iss` set), signed with its published key; `exp` five minutes ahead unless given. */
  sign(claims: JWTPayload, header: Record<string, unknown> = {}): Promise<string> {
    const exp = Math.floor(Date.now() / 1000) + 300;
    return forgeToken(this.key, { iss: this.issuer, exp, ...claims }, header);
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise((done) => this.server.close(done));
  }

  private answer(req: IncomingMessage, res: ServerResponse): void {
    const path = req.url ?? '/';
    this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
    if (path === DISCOVERY) this.reply(res, this.discoveryMode, { issuer: this.issuer, jwks_uri: this.jwksUri });
    else if (path === JWKS) this.reply(res, this.jwksMode, { keys: [this.publicJwk()] });
    else res.writeHead(404).end();
  }

  private reply(res: ServerResponse, mode: IssuerMode, body: unknown): void {
    if (mode === 'hang') {
      this.hanging.add(res);
      res.once('close', () => this.hanging.delete(res));
      return;
    }
    if (mode === 'status-500') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('the IdP is struggling');
      return;
    }
    const text = mode === 'bad-json' ? '{"keys": [' : JSON.stringify(body);
    res.writeHead(200, { 'content-type': 'application/json' }).end(text);
  }

  private publicJwk(): Record<string, unknown> {
    const { kty, n, e, kid, alg, use } = this.key.jwk;
    return { kty, n, e, kid, alg, use };
  }
}
