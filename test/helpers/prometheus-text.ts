import { spawnSync } from 'node:child_process';

/** One sample: the metric name, its labels and its value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|[+-]?Inf|NaN))$/i;
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\["\\n])*)"(?:,|$)/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES = ['_bucket', '_sum', '_count', '_total', '_created'];

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest !== '') {
    const match = LABEL.exec(rest);
    if (!match) throw new Error(`bad labels in: ${line}`);
    if (Object.hasOwn(labels, match[1])) throw new Error(`duplicate label ${match[1]} in: ${line}`);
    labels[match[1]] = match[2];
    rest = rest.slice(match[0].length);
  }
  return labels;
}

function familyOf(name: string, types: Map<string, string>): string | undefined {
  if (types.has(name)) return name;
  const suffix = SUFFIXES.find((s) => name.endsWith(s) && types.has(name.slice(0, -s.length)));
  return suffix ? name.slice(0, -suffix.length) : undefined;
}

/**
 * A strict reader of the Prometheus text format (0.0.4): every sample belongs to a family declared
 * by `# TYPE` (with `# HELP`), labels are well-formed and unique, values are numbers, no series twice.
 */
export function parsePrometheusText(text: string): Sample[] {
  const types = new Map<string, string>();
  const helps = new Set<string>();
  const seen = new Set<string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') {
        if (!TYPES.has(meta[3]) || types.has(meta[2])) throw new Error(`bad or repeated TYPE: ${line}`);
        types.set(meta[2], meta[3]);
      } else helps.add(meta[2]);
      continue;
    }
    if (line.startsWith('#')) throw new Error(`bad comment line: ${line}`);
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`bad sample line: ${line}`);
    const family = familyOf(match[1], types);
    if (!family || !helps.has(family)) throw new Error(`sample without TYPE/HELP: ${line}`);
    const key = `${match[1]}{${match[2] ?? ''}}`;
    if (seen.has(key)) throw new Error(`series repeated: ${line}`);
    seen.add(key);
    samples.push({ name: match[1], labels: parseLabels(match[2] ?? '', line), value: Number(match[3]) });
  }
  return samples;
}

/** The value of one series (0 when it is absent: a counter that never moved). */
export function seriesValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.find(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
  return found?.value ?? 0;
}

/** `promtool check metrics` (Debian's `prometheus` package) on the text, or `undefined` when it is not installed. */
export function promtoolCheck(text: string): { status: number; output: string } | undefined {
  const run = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  if (run.error) return undefined;
  return { status: run.status ?? -1, output: `${run.stdout}${run.stderr}`.trim() };
}
