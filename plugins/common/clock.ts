/** The current time as stored in the database: an ISO 8601 UTC timestamp. */
export function nowIso(): string {
  return new Date().toISOString();
}
