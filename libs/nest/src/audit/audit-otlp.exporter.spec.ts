import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuditOtlpExporter } from './audit-otlp.exporter';

/** A port nothing listens on: every POST fails at once. */
const DEAD = 'http://127.0.0.1:9';

describe('AuditOtlpExporter', () => {
  it('keeps at most queueLines lines, dropping (and counting) the oldest', () => {
    const exporter = new AuditOtlpExporter({ endpoint: DEAD }, { flushMs: 60_000, batchLines: 100, queueLines: 3 });
    for (let i = 0; i < 5; i++) exporter.add(`{"n":${i}}`, Date.now());
    expect(exporter.dropped).toBe(2);
  });

  it('retries a failed POST once, then drops its lines and counts them', async () => {
    const exporter = new AuditOtlpExporter({ endpoint: DEAD }, { flushMs: 60_000, batchLines: 100, queueLines: 100 });
    exporter.add('{"outcome":"ok"}', Date.now());
    exporter.add('{"outcome":"error"}', Date.now());
    await exporter.flush();
    expect(exporter.dropped).toBe(0);
    await exporter.flush();
    expect(exporter.dropped).toBe(2);
  });

  describe('with a collector', () => {
    let server: Server;
    let url: string;
    const bodies: unknown[] = [];

    beforeAll(async () => {
      server = createServer((req, res) => {
        let text = '';
        req.on('data', (chunk) => {
          text += chunk;
        });
        req.on('end', () => {
          bodies.push({ path: req.url, body: JSON.parse(text) });
          res.end('{}');
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));

    it('sends a batch as soon as it is full, to <endpoint>/v1/logs, a record per line', async () => {
      const exporter = new AuditOtlpExporter({ endpoint: url }, { flushMs: 60_000, batchLines: 2, queueLines: 100 });
      exporter.add('{"kind":"guard","outcome":"refused","principal":"address:10.0.0.1"}', 1_765_000_000_123);
      exporter.add('{"operation":"command_X","outcome":"ok"}', 1_765_000_000_124);
      await exporter.flush();
      expect(bodies).toHaveLength(1);
      expect(bodies[0]).toMatchObject({
        path: '/v1/logs',
        body: {
          resourceLogs: [
            {
              scopeLogs: [
                {
                  scope: { name: 'myko-nest.audit' },
                  logRecords: [
                    {
                      timeUnixNano: '1765000000123000000',
                      severityNumber: 13,
                      body: { stringValue: '{"kind":"guard","outcome":"refused","principal":"address:10.0.0.1"}' },
                    },
                    {
                      severityText: 'INFO',
                      attributes: expect.arrayContaining([
                        { key: 'myko.audit.kind', value: { stringValue: 'operation' } },
                        { key: 'myko.audit.operation', value: { stringValue: 'command_X' } },
                      ]),
                    },
                  ],
                },
              ],
            },
          ],
        },
      });
      expect(exporter.dropped).toBe(0);
    });
  });
});
