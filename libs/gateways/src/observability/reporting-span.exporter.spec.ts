import { Logger } from '@nestjs/common';
import { type ExportResult, ExportResultCode } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace';
import { EXPORT_WARNING_INTERVAL_MS, ReportingSpanExporter } from './reporting-span.exporter';

/** An exporter whose next results the test decides. */
class ScriptedExporter implements SpanExporter {
  next: ExportResult = { code: ExportResultCode.SUCCESS };
  export(_spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    done(this.next);
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

const spans = (n: number) => Array.from({ length: n }, () => ({}) as ReadableSpan);
const refused: ExportResult = {
  code: ExportResultCode.FAILED,
  error: new Error('connect ECONNREFUSED 127.0.0.1:4318'),
};
const URL = 'http://127.0.0.1:4318/v1/traces';

describe('ReportingSpanExporter', () => {
  let warn: jest.SpyInstance;
  let log: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('warns at the first failure, then at most once a minute with the spans dropped, then says it recovered', () => {
    const inner = new ScriptedExporter();
    let now = 1_000;
    const exporter = new ReportingSpanExporter(inner, URL, () => now);
    const results: ExportResultCode[] = [];
    const run = (n: number) => exporter.export(spans(n), (result) => results.push(result.code));

    run(2);
    inner.next = refused;
    run(3);
    expect(warn.mock.calls).toEqual([
      [
        `cannot export spans to ${URL} (connect ECONNREFUSED 127.0.0.1:4318): 3 spans dropped; next warning in 60 s at the earliest`,
      ],
    ]);
    now += 1_000;
    run(4);
    run(1);
    expect(warn).toHaveBeenCalledTimes(1);
    now += EXPORT_WARNING_INTERVAL_MS;
    run(2);
    expect(warn).toHaveBeenLastCalledWith(
      `still cannot export spans to ${URL} (connect ECONNREFUSED 127.0.0.1:4318): 7 spans dropped; next warning in 60 s at the earliest`,
    );
    run(1);
    inner.next = { code: ExportResultCode.SUCCESS };
    run(1);
    run(1);
    expect(log.mock.calls).toEqual([[`exporting spans to ${URL} again; 1 span dropped since the last warning`]]);
    expect(warn).toHaveBeenCalledTimes(2);
    // The caller still hears every result: the processor's own accounting is unchanged.
    expect(results).toEqual([0, 1, 1, 1, 1, 1, 0, 0]);
  });
});
