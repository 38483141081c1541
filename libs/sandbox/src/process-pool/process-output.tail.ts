import type { Readable } from 'node:stream';

/** How much of the process's stdout/stderr is kept for the log when it dies. */
const OUTPUT_TAIL_CHARS = 4_000;

/** The last lines a sandbox process wrote (V8's fatal-error report, typically), kept for the log. */
export class ProcessOutputTail {
  private output = '';

  constructor(streams: ReadonlyArray<Readable | null>) {
    for (const stream of streams) {
      stream?.setEncoding('utf8');
      stream?.on('data', (text: string) => {
        this.output = (this.output + text).slice(-OUTPUT_TAIL_CHARS);
      });
    }
  }

  /** Adds a line the process did not write (why it could not be spawned). */
  note(line: string): void {
    this.output += `\n${line}`;
  }

  get text(): string {
    return this.output.trim();
  }
}
