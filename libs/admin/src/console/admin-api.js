/**
 * The admin API as the console calls it: JSON over fetch, to this page's own origin, with the admin key as
 * `Authorization: Bearer` on every request. The API base is the folder above the console's (`/admin/`
 * for `/admin/console/`), so the console follows the API wherever it is mounted.
 */

/** Why an admin call failed: its HTTP status, the API's message, and whether the route is missing here. */
export class AdminApiError extends Error {
  constructor(status, message, missingRoute) {
    super(message);
    this.name = 'AdminApiError';
    this.status = status;
    /** A 404 of a route this server does not have (not a 404 of something asked about). */
    this.missingRoute = missingRoute;
  }
}

export class AdminApi {
  /**
   * @param {URL} base the admin API's root, ending in '/'
   * @param {() => string} key the admin key to send
   * @param {(error: AdminApiError) => void} refused called on a 401 or 403 (the key is no longer good)
   */
  constructor(base, key, refused) {
    this.base = base;
    this.key = key;
    this.refused = refused;
  }

  /** GET `path` with the query's non-empty values. */
  get(path, query = {}) {
    const url = new URL(path, this.base);
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, String(value));
    }
    return this.request(url, { method: 'GET' });
  }

  /** POST `path` with a JSON body. */
  post(path, body = {}, headers = {}) {
    return this.request(new URL(path, this.base), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }

  async request(url, init) {
    const response = await fetch(url, {
      ...init,
      headers: { Accept: 'application/json', ...init.headers, Authorization: `Bearer ${this.key()}` },
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
    const body = await response.json().catch(() => undefined);
    if (response.ok) return body;
    // The admin API answers `{ error }`; a route the server does not have, Nest's `{ statusCode, message, error }`.
    const missingRoute = response.status === 404 && (body === undefined || typeof body.statusCode === 'number');
    const message = typeof body?.error === 'string' && !missingRoute ? body.error : `HTTP ${response.status}`;
    const error = new AdminApiError(response.status, message, missingRoute);
    if (response.status === 401 || response.status === 403) this.refused(error);
    throw error;
  }
}
