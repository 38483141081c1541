import type { MetricsConfig, ObservabilityConfig, TracingConfig } from '@myko/gateways';
import { isAddressOrRange } from './address-range';
import { isObject, type Json } from './json-object';
import { unknownPropertyMessage } from './unknown-property.message';

type Add = (path: string, problem: string) => void;

const SECTION_KEYS = ['metrics', 'tracing'];
const METRICS_KEYS = ['enabled', 'allow'];
const TRACING_KEYS = ['enabled', 'exporter', 'endpoint', 'sampleRatio', 'serviceName'];
const EXPORTERS = ['otlp', 'console', 'none'] as const;
/** Loopback only: metrics reveal load and names, so nobody else reads them unless allowed. */
export const DEFAULT_METRICS_ALLOW = ['127.0.0.1', '::1'];

function section(value: unknown, path: string, known: readonly string[], add: Add): Json | undefined {
  if (!isObject(value)) {
    add(path, 'expected an object');
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) add(`${path}.${key}`, unknownPropertyMessage(key, known));
  }
  return value;
}

function enabled(value: Json, path: string, add: Add): boolean {
  if (value.enabled !== undefined && typeof value.enabled !== 'boolean')
    add(`${path}.enabled`, 'expected true or false');
  return value.enabled !== false;
}

function parseMetrics(value: unknown, add: Add): MetricsConfig | undefined {
  const metrics = section(value, 'observability.metrics', METRICS_KEYS, add);
  if (!metrics) return undefined;
  let allow = DEFAULT_METRICS_ALLOW;
  if (metrics.allow !== undefined) {
    const list = Array.isArray(metrics.allow) ? metrics.allow : [];
    const bad = list.filter((entry) => typeof entry !== 'string' || !isAddressOrRange(entry));
    if (!Array.isArray(metrics.allow) || bad.length > 0)
      add('observability.metrics.allow', 'expected an array of IP addresses or CIDR ranges (10.0.0.0/8, ::1)');
    else allow = list as string[];
  }
  return { enabled: enabled(metrics, 'observability.metrics', add), allow };
}

function parseTracing(value: unknown, add: Add): TracingConfig | undefined {
  const tracing = section(value, 'observability.tracing', TRACING_KEYS, add);
  if (!tracing) return undefined;
  const path = 'observability.tracing';
  const exporter = tracing.exporter ?? 'otlp';
  if (!EXPORTERS.includes(exporter as TracingConfig['exporter']))
    add(`${path}.exporter`, `expected one of ${EXPORTERS.map((e) => `"${e}"`).join(', ')}`);
  const ratio = tracing.sampleRatio ?? 1;
  if (typeof ratio !== 'number' || !(ratio >= 0 && ratio <= 1))
    add(`${path}.sampleRatio`, 'expected a number from 0 to 1');
  let endpointOk = tracing.endpoint === undefined;
  try {
    endpointOk ||= typeof tracing.endpoint === 'string' && /^https?:$/.test(new URL(tracing.endpoint).protocol);
  } catch {
    endpointOk = false;
  }
  if (!endpointOk) add(`${path}.endpoint`, 'expected an http(s) URL of an OTLP traces endpoint');
  const name = tracing.serviceName ?? 'myko-nest';
  if (typeof name !== 'string' || name === '') add(`${path}.serviceName`, 'expected a non-empty string');
  return {
    enabled: enabled(tracing, path, add),
    exporter: exporter as TracingConfig['exporter'],
    ...(typeof tracing.endpoint === 'string' ? { endpoint: tracing.endpoint } : {}),
    sampleRatio: ratio as number,
    serviceName: name as string,
  };
}

/** Validates the `observability` section; each problem goes to `add` with its path. */
export function parseObservabilityConfig(value: unknown, add: Add): ObservabilityConfig | undefined {
  if (value === undefined) return undefined;
  const root = section(value, 'observability', SECTION_KEYS, add);
  if (!root) return undefined;
  const metrics = root.metrics === undefined ? undefined : parseMetrics(root.metrics, add);
  const tracing = root.tracing === undefined ? undefined : parseTracing(root.tracing, add);
  return { ...(metrics ? { metrics } : {}), ...(tracing ? { tracing } : {}) };
}
