/**
 * Who sent an admin request: an admin, or why not, as the HTTP status to answer (401: no or unknown
 * credential; 403: an ordinary key, or a token without the admin scope; 503: the token's issuer is unreachable).
 */
export type AdminCredential =
  | { readonly status: 'admin'; readonly principal: string }
  | {
      readonly status: 401 | 403 | 503;
      readonly message: string;
      readonly headers: Readonly<Record<string, string>>;
    };
