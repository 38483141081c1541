/**
 * Tracks a resource being started until `forget()` is called; whatever a test file leaves tracked is
 * released by its test environment after the file's own hooks (test/support/releasing.environment.js).
 */
export function track<T>(started: Promise<T>, release: (resource: T) => unknown): () => void;

/** Releases every resource still tracked on `global`. */
export function releaseLeftovers(global: typeof globalThis): Promise<void>;
