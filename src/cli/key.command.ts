import type { Readable, Writable } from 'node:stream';
import { generateApiKey, hashApiKey } from '@myko/access';
import type { KeyCommand } from './cli.parser';
import { CliUsageError } from './cli-usage.error';

/** What an `Authorization: Bearer` header can carry: printable ASCII, no spaces. */
const BEARER_KEY = /^[\x21-\x7e]{1,4096}$/;

async function readAll(input: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * `keygen`: a new random key and its hash, one per line (`key: …`, `hash: sha256:…`). The key goes to
 * the client and is never stored; the hash goes in an access profile's `keys`.
 */
export function keygen(out: Writable): void {
  const key = generateApiKey();
  out.write(`key: ${key}\nhash: ${hashApiKey(key)}\n`);
}

/**
 * `hash-key`: the hash of a key read from stdin (so it stays out of shell history and `ps`). Only
 * the line break after it is dropped; a key an Authorization header could not carry is refused.
 */
export async function hashKey(input: Readable, out: Writable): Promise<void> {
  const key = (await readAll(input)).replace(/\r?\n$/, '');
  if (!BEARER_KEY.test(key)) {
    throw new CliUsageError(
      'hash-key reads one API key from stdin: 1-4096 printable ASCII characters without spaces, e.g. `printf %s "$KEY" | myko-nest hash-key`',
    );
  }
  out.write(`${hashApiKey(key)}\n`);
}

export async function runKeyCommand(command: KeyCommand, input: Readable, out: Writable): Promise<void> {
  if (command === 'keygen') keygen(out);
  else await hashKey(input, out);
}
