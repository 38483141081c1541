/**
 * Who holds a verified bearer token, as the issuer asserts it: a user (`sub`), else a client acting
 * for itself (`client_id`), else nobody the token names (then the token itself is the holder).
 */
export type TokenHolder =
  | { readonly issuer: string; readonly kind: 'sub' | 'client_id'; readonly id: string }
  | { readonly issuer: string; readonly kind: 'token'; readonly id: string };
