import { createHash } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { AccessProfiles } from '@myko/access';
import { CliUsageError } from './cli-usage.error';
import { hashKey, keygen } from './key.command';

function output(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  return { stream, text: () => text };
}

const sha256 = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

describe('keygen', () => {
  it('prints a fresh key and the hash a profile needs to accept it', () => {
    const first = output();
    const second = output();
    keygen(first.stream);
    keygen(second.stream);
    const [, key, hash] = /^key: (\S+)\nhash: (sha256:[0-9a-f]{64})\n$/.exec(first.text()) ?? [];
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hash).toBe(sha256(key));
    expect(second.text()).not.toContain(key);
    const profiles = new AccessProfiles({ auth: { required: true }, profiles: { p: { keys: [hash] } } });
    expect(profiles.resolveBearer(`Bearer ${key}`)).toMatchObject({ status: 'authenticated' });
  });
});

describe('hash-key', () => {
  it('hashes the key from stdin, without its final line break', async () => {
    const out = output();
    await hashKey(Readable.from(['my-', 'key\n']), out.stream);
    expect(out.text()).toBe(`${sha256('my-key')}\n`);
  });

  it.each([[''], ['\n'], ['two words\n'], ['a\nb\n']])('refuses %j', async (input) => {
    await expect(hashKey(Readable.from([input]), output().stream)).rejects.toThrow(CliUsageError);
  });
});
