/** One tarball of `npm run build` (build/packages/index.json), its file made absolute. */
export interface PackedPackage {
  name: string;
  version: string;
  /** Absolute path of the `.tgz`. */
  file: string;
  /** Bytes of the tarball. */
  size: number;
  unpackedSize: number;
  entries: number;
}

export interface RunResult {
  code: number | null;
  /** stdout and stderr, interleaved. */
  output: string;
  ms: number;
}

export interface InstallOptions {
  /** Packed packages to add as dependencies (those the manifest names already are pointed at their tarballs). */
  packages?: string[];
  /** Registry packages to add: a name (the repository's range, else `latest`) or `name@range`. */
  extra?: string[];
  /** Default 10 minutes. */
  timeoutMs?: number;
}

/** The packed packages by name; builds (`--if-stale`) first when asked or when nothing was packed yet. */
export function packedPackages(options?: { build?: boolean }): Map<string, PackedPackage>;

/** This environment without the `npm_*` variables and `NODE_OPTIONS` of an outer `npm test`. */
export function cleanEnv(extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;

/** Runs a command in `cwd` to its end (killed after `timeoutMs`, or when the test file ends). */
export function runIn(
  command: string,
  args: string[],
  options: { cwd: string; timeoutMs?: number; env?: NodeJS.ProcessEnv },
): Promise<RunResult>;

/** Points `dir`'s package.json at the tarballs (dependencies and overrides) and runs `npm install` there. */
export function installPacked(dir: string, options?: InstallOptions): Promise<{ ms: number; output: string }>;
