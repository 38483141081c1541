import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAuditSink, FileAuditSink, StderrAuditSink } from './audit.sink';

describe('audit sinks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'myko-audit-'));

  it('appends whole lines to a file (creating it and its directory, owner-only), readable at once', () => {
    const path = join(dir, 'nested', 'audit.log');
    const first = new FileAuditSink(path);
    first.write('{"n":1}');
    expect(readFileSync(path, 'utf8')).toBe('{"n":1}\n');
    first.close();
    const second = createAuditSink(path);
    second.write('{"n":2}');
    second.close();
    second.write('{"n":3}');
    expect(readFileSync(path, 'utf8')).toBe('{"n":1}\n{"n":2}\n');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('writes to stderr for "stderr"', () => {
    const sink = createAuditSink('stderr');
    expect(sink).toBeInstanceOf(StderrAuditSink);
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    sink.write('{"n":1}');
    expect(write).toHaveBeenCalledWith('{"n":1}\n');
    write.mockRestore();
  });
});
