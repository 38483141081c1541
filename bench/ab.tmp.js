const { openWsConnection } = require('./lib/load');
const { startServerProcess } = require('./lib/server-process');
const { summarize } = require('./lib/stats');
const { interleave } = require('./lib/timing');
async function client(port) {
  const c = await openWsConnection(port);
  let id = 1;
  const send = (method, params) => c.request(JSON.stringify({ jsonrpc: '2.0', id: id++, method, params }));
  const exec = async (code, expect) => {
    const t = await send('tools/call', { name: 'execute', arguments: { code } });
    if (!t.includes(expect)) throw new Error(t.slice(0, 300));
  };
  return { c, send, exec };
}
const many = (n) =>
  `let s = 0; for (let i = 0; i < ${n}; i++) s += (await myko.query('ListCategories', {})).length; return s > 0;`;
(async () => {
  process.env.MYKO_DIST = '/tmp/base12/dist';
  const base = await startServerProcess('myko', {});
  delete process.env.MYKO_DIST;
  const next = await startServerProcess('myko', process.argv[2] ? { configPath: process.argv[2] } : {});
  const b = await client(base.port),
    n = await client(next.port);
  const s = await interleave(
    {
      bPing: () => b.send('ping'),
      bExec: () => b.exec('return 1 + 1', '"text":"2"'),
      nPing: () => n.send('ping'),
      nExec: () => n.exec('return 1 + 1', '"text":"2"'),
    },
    { iterations: 300 },
  );
  const m = (k) => summarize(s[k]).median;
  console.log(
    `trivial over ping: base +${((m('bExec') - m('bPing')) * 1000).toFixed(0)} µs (exec ${m('bExec').toFixed(2)} ms, ping ${m('bPing').toFixed(2)}), new +${((m('nExec') - m('nPing')) * 1000).toFixed(0)} µs (exec ${m('nExec').toFixed(2)} ms, ping ${m('nPing').toFixed(2)})`,
  );
  const c = await interleave(
    {
      b200: () => b.exec(many(200), '"text":"true"'),
      b1: () => b.exec(many(1), '"text":"true"'),
      n200: () => n.exec(many(200), '"text":"true"'),
      n1: () => n.exec(many(1), '"text":"true"'),
    },
    { iterations: 40 },
  );
  const per = (k) => summarize(c[k + '200'].map((t, i) => (t - c[k + '1'][i]) / 199)).median * 1000;
  console.log(
    `per myko.* call over WS (tools/call, real operation): base ${per('b').toFixed(1)} µs, new ${per('n').toFixed(1)} µs`,
  );
  b.c.close();
  n.c.close();
  await base.close();
  await next.close();
})();
