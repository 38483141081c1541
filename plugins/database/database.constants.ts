/** Where the example database lives when no path is given. */
export const DEFAULT_DATABASE_PATH = './data/myko.db';

/** The SQLite path that keeps the database in memory. */
export const IN_MEMORY_DATABASE = ':memory:';

/** Default wait for a locked database, in milliseconds. */
export const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/**
 * How long an instance starting on a database another instance is migrating or seeding waits for it
 * (at least the configured busy timeout): the first start's seed takes longer than any command.
 */
export const STARTUP_BUSY_TIMEOUT_MS = 60_000;

/** Key in `app_meta` recording that the example data was seeded, and which version of it. */
export const SEED_META_KEY = 'seed_version';

/** Bump when the seed data changes shape; an already seeded database is never re-seeded. */
export const SEED_VERSION = '1';

/** The seed's fixed "today": every seeded timestamp lies in the SEED_HISTORY_DAYS before it (UTC). */
export const SEED_REFERENCE_DATE = '2025-07-01T00:00:00.000Z';

/** Days of order history the seed simulates before SEED_REFERENCE_DATE. */
export const SEED_HISTORY_DAYS = 90;

/** Seed of the PRNG that generates the example data; a fixed value makes every fresh database identical. */
export const SEED_PRNG_SEED = 20250701;
