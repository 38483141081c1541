import { type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeAccessConfig } from '../helpers/access-fixtures';
import { finished, launch, stopLaunched } from '../helpers/launcher-run';
import { useReleases } from '../helpers/releases';

jest.setTimeout(60_000);

/** Resolves once the output shows the server listening, with everything printed until then. */
function listening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (/MCP Streamable HTTP: http:\/\//.test(out)) resolve(out);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('close', () => reject(new Error(`exited early: ${out}`)));
  });
}

describe('bin/myko-nest: secure defaults and access config', () => {
  // A server a failed assertion left running (or one that started where it should have refused) is stopped.
  const opened = useReleases();

  it('refuses to serve a non-loopback address without required auth (exit 2, reason on stderr)', async () => {
    const result = await finished(
      opened(launch(['serve', '--host', '0.0.0.0', '--port', '0', '--db', ':memory:']), stopLaunched),
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('refusing to start: 0.0.0.0 is not a loopback address and no API key is required');
    expect(result.stderr).toContain('--insecure-no-auth');
    expect(result.stdout).toBe('');
  });

  it('serves it with --insecure-no-auth, and warns', async () => {
    const child = opened(
      launch(['serve', '--host', '0.0.0.0', '--port', '0', '--db', ':memory:', '--insecure-no-auth']),
      stopLaunched,
    );
    const done = finished(child);
    const output = await listening(child);
    child.kill('SIGTERM');
    expect((await done).code).toBe(0);
    expect(output).toMatch(/WARN.*--insecure-no-auth: serving on 0\.0\.0\.0 without authentication/);
  });

  it('refuses an invalid config file from --config or MYKO_CONFIG, listing each problem with its path', async () => {
    const { path } = writeAccessConfig();
    const bad = join(path, '..', 'bad.json');
    writeFileSync(bad, JSON.stringify({ profiles: { ops: { keys: ['my-key'], visibility: { allow: 'query_*' } } } }));
    for (const [args, env] of [
      [['serve', '--config', bad], {}],
      [['stdio'], { MYKO_CONFIG: bad }],
    ] as const) {
      const result = await finished(opened(launch([...args, '--db', ':memory:'], env), stopLaunched));
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`Invalid access config ${bad}:`);
      expect(result.stderr).toContain('profiles.ops.keys[0]');
      expect(result.stderr).toContain('profiles.ops.visibility.allow');
      expect(result.stdout).toBe('');
    }
  });

  it('stdio refuses an unknown profile name (exit 2)', async () => {
    const { path } = writeAccessConfig();
    const result = await finished(launch(['stdio', '--db', ':memory:', '--config', path, '--profile-name', 'admin']));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown profile "admin"');
    expect(result.stdout).toBe('');
  });

  it('keygen prints a key and its hash; hash-key hashes a key from stdin', async () => {
    const generated = await finished(launch(['keygen']));
    expect(generated.code).toBe(0);
    const [, key, hash] = /^key: (\S+)\nhash: (sha256:[0-9a-f]{64})\n$/.exec(generated.stdout) ?? [];
    expect(hash).toBe(`sha256:${createHash('sha256').update(key).digest('hex')}`);
    const hashed = await finished(launch(['hash-key']), `${key}\n`);
    expect(hashed).toEqual({ code: 0, signal: null, stdout: `${hash}\n`, stderr: '' });
    expect((await finished(launch(['hash-key']), 'two words')).code).toBe(2);
  });
});
