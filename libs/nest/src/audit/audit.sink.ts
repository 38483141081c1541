import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { STDERR_DESTINATION } from './audit.options';

/** Where audit lines go. Each `write` is one complete line, written at once. */
export interface AuditSink {
  write(line: string): void;
  close(): void;
}

/**
 * Appends to a file: opened once in append mode (created 0600 with its directory), one `write(2)`
 * per line, unbuffered, so a line is in the file when the call that produced it has returned and
 * concurrent writers never interleave within a line.
 */
export class FileAuditSink implements AuditSink {
  private fd: number | undefined;

  constructor(readonly path: string) {
    mkdirSync(dirname(path), { recursive: true });
    this.fd = openSync(path, 'a', 0o600);
  }

  write(line: string): void {
    if (this.fd !== undefined) writeSync(this.fd, `${line}\n`);
  }

  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }
}

/** Writes to stderr (never stdout, which carries the protocol on stdio). */
export class StderrAuditSink implements AuditSink {
  write(line: string): void {
    process.stderr.write(`${line}\n`);
  }

  close(): void {}
}

export function createAuditSink(destination: string): AuditSink {
  return destination === STDERR_DESTINATION ? new StderrAuditSink() : new FileAuditSink(destination);
}
