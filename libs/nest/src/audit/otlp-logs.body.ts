/** One audit line waiting to be shipped, and when it was written (epoch ms). */
export interface OtlpLogLine {
  readonly line: string;
  readonly at: number;
}

interface OtlpAttribute {
  key: string;
  value: { stringValue: string } | { intValue: string };
}

/** OpenTelemetry severity numbers (logs data model): INFO, WARN, ERROR. */
const SEVERITY = {
  info: { severityNumber: 9, severityText: 'INFO' },
  warn: { severityNumber: 13, severityText: 'WARN' },
  error: { severityNumber: 17, severityText: 'ERROR' },
} as const;

/** The fields of a line a SIEM filters on, as log attributes (`myko.audit.<field>`). */
const ATTRIBUTE_FIELDS = ['kind', 'principal', 'operation', 'action', 'outcome', 'event', 'reason'] as const;

/** `ok` is information; a refusal, cooldown or demotion a warning; a failed call an error. */
function severityOf(outcome: unknown): (typeof SEVERITY)[keyof typeof SEVERITY] {
  if (outcome === 'ok' || outcome === undefined) return SEVERITY.info;
  if (outcome === 'error') return SEVERITY.error;
  return SEVERITY.warn;
}

function attributesOf(record: Record<string, unknown>): OtlpAttribute[] {
  const attributes: OtlpAttribute[] = [];
  // Operation lines carry no `kind`: they are the log's `operation` lines (as the audit query names them).
  const kind = typeof record.kind === 'string' ? record.kind : 'operation';
  attributes.push({ key: 'myko.audit.kind', value: { stringValue: kind } });
  for (const field of ATTRIBUTE_FIELDS) {
    const value = record[field];
    if (field === 'kind') continue;
    if (typeof value === 'string') attributes.push({ key: `myko.audit.${field}`, value: { stringValue: value } });
  }
  if (typeof record.count === 'number') {
    attributes.push({ key: 'myko.audit.count', value: { intValue: String(record.count) } });
  }
  return attributes;
}

function logRecordOf({ line, at }: OtlpLogLine) {
  let record: Record<string, unknown> = {};
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    // Every line is JSON; should one not be, it is still shipped, as its text.
  }
  const nanos = `${BigInt(at) * 1_000_000n}`;
  return {
    timeUnixNano: nanos,
    observedTimeUnixNano: nanos,
    ...severityOf(record.outcome),
    body: { stringValue: line },
    attributes: attributesOf(record),
  };
}

/**
 * The OTLP/HTTP JSON body (`ExportLogsServiceRequest`) of audit lines: one resource (`service.name`), one scope
 * (`myko-nest.audit`), a log record per line whose body is the line itself.
 */
export function otlpLogsBody(lines: readonly OtlpLogLine[], serviceName: string) {
  return {
    resourceLogs: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: serviceName } }] },
        scopeLogs: [{ scope: { name: 'myko-nest.audit' }, logRecords: lines.map(logRecordOf) }],
      },
    ],
  };
}
