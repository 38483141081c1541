/** Options of `DatabaseModule.forRoot()`. */
export interface DatabaseModuleOptions {
  /**
   * Path of the SQLite file, created with its folder when missing; `:memory:` for a throwaway database.
   * @default './data/myko.db'
   */
  path?: string;
  /**
   * Fill a freshly created database with the deterministic example data set.
   * @default true
   */
  seed?: boolean;
  /**
   * How long a statement waits for a lock held by another connection before failing.
   * @default 5000
   */
  busyTimeoutMs?: number;
}
