/**
 * Live queries at scale, in process through DispatchService.handle as a gateway drives it:
 * 1,000 sessions, each with a session channel, subscribed to `myko://live/query/Item?args={"id":k}`.
 * - delivery: one command that changes every item → 1,000 recomputations and 1,000
 *   `notifications/resources/updated`; time from the command's answer until the last one arrived
 *   (updates/s = 1,000 / that time), against the same command with no live subscription;
 * - command cost: the command's own `tools/call` latency with 1,000 watched queries vs none, and a
 *   command that writes another entity (nothing to recompute) with the subscriptions in place.
 */
const { load } = require('../lib/dist');
const { createDispatchContext } = require('../lib/dispatch-context');
const { row } = require('../lib/report');
const { interleave, now } = require('../lib/timing');

const { SessionStore } = load('libs/dispatch/src/protocol/session/session.store');
const { IsInt, Min } = require('class-validator');

const SUBSCRIBERS = 1_000;

class ItemArgs {}
Reflect.defineMetadata('design:type', Number, ItemArgs.prototype, 'id');
Reflect.decorate([IsInt(), Min(0)], ItemArgs.prototype, 'id');

/** A store of SUBSCRIBERS items; `TouchAll` changes each, `TouchOther` writes an unrelated entity. */
function itemOperations() {
  const items = Array.from({ length: SUBSCRIBERS }, (_, id) => ({ id, version: 0 }));
  let other = 0;
  return [
    {
      kind: 'query',
      id: 'Item',
      description: 'One item.',
      args: ItemArgs,
      output: Object,
      reads: ['Item'],
      handler: (args) => items[args.id] ?? null,
      source: 'bench',
    },
    {
      kind: 'command',
      id: 'TouchAll',
      description: 'Change every item.',
      output: Number,
      writes: ['Item'],
      handler: () => {
        for (const item of items) item.version++;
        return items.length;
      },
      source: 'bench',
    },
    {
      kind: 'command',
      id: 'TouchOther',
      description: 'Write another entity.',
      output: Number,
      writes: ['Other'],
      handler: () => ++other,
      source: 'bench',
    },
  ];
}

async function startContext(subscribe) {
  const app = await createDispatchContext({ operations: itemOperations(), dispatch: { toolMode: 'direct' } });
  const sessions = app.app.get(SessionStore);
  let delivered = 0;
  let onDelivered = () => undefined;
  if (subscribe) {
    for (let i = 0; i < SUBSCRIBERS; i++) {
      const as = { sessionId: `live-${i}` };
      await app.requestAs(as, 'initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'bench', version: '0' },
      });
      sessions.openChannel(as.sessionId, (message) => {
        if (message.method === 'notifications/resources/updated') {
          delivered++;
          onDelivered();
        }
      });
      const uri = `myko://live/query/Item?args=${encodeURIComponent(JSON.stringify({ id: i }))}`;
      await app.requestAs(as, 'resources/subscribe', { uri });
    }
  }
  /** Runs TouchAll; resolves when the command answered and, with subscribers, when all were told. */
  const touchAll = async () => {
    const target = delivered + (subscribe ? SUBSCRIBERS : 0);
    const started = now();
    await app.callTool('command_TouchAll', {});
    const answered = now() - started;
    if (delivered < target) await new Promise((resolve) => (onDelivered = () => delivered >= target && resolve()));
    return { answered, delivered: now() - started };
  };
  return { app, touchAll, touchOther: () => app.callTool('command_TouchOther', {}) };
}

module.exports = {
  title: 'live queries: 1,000 subscribers',
  async run(ctx) {
    // The recompute timer is unref'd (a server's sockets keep it alive); here nothing else would.
    const keepAlive = setInterval(() => undefined, 1_000);
    ctx.log(`subscribing ${SUBSCRIBERS} sessions`);
    const watched = await startContext(true);
    const bare = await startContext(false);
    try {
      const answered = { watched: [], bare: [] };
      const delivery = [];
      const samples = await interleave(
        {
          watched: async () => {
            const t = await watched.touchAll();
            answered.watched.push(t.answered);
            delivery.push(t.delivered);
          },
          bare: async () => {
            answered.bare.push((await bare.touchAll()).answered);
          },
        },
        { iterations: ctx.iterations(60), warmup: 3 },
      );
      void samples;
      const other = await interleave(
        { watched: watched.touchOther, bare: bare.touchOther },
        { iterations: ctx.iterations(300) },
      );
      const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
      return [
        row({
          id: 'live.delivery',
          benchmark: 'live: 1,000 updates',
          measures: `command → all ${SUBSCRIBERS} updates delivered (${Math.round((SUBSCRIBERS / median(delivery)) * 1000).toLocaleString('en-US')} updates/s)`,
          subject: delivery,
          baseline: { label: 'same command, no subscription', samples: answered.bare },
        }),
        row({
          id: 'live.command',
          benchmark: 'live: command cost',
          measures: `tools/call of the command that changes ${SUBSCRIBERS} watched queries, until it answers`,
          subject: answered.watched,
          baseline: { label: 'same command, no subscription', samples: answered.bare },
        }),
        row({
          id: 'live.unrelated',
          benchmark: 'live: unrelated command',
          measures: `tools/call of a command writing another entity, ${SUBSCRIBERS} live subscriptions in place`,
          subject: other.watched,
          baseline: { label: 'same command, no subscription', samples: other.bare },
        }),
      ];
    } finally {
      clearInterval(keepAlive);
      await watched.app.close();
      await bare.app.close();
    }
  },
};
