import { pluginSummary } from './plugin-summary';

class GreetingsModule {}

describe('pluginSummary', () => {
  it('names each plugin file once, with the operations its providers declare', () => {
    const plugins = [
      { file: '/srv/plugins/greetings.plugin.js', module: GreetingsModule },
      { file: '/srv/plugins/greetings.plugin.js', module: GreetingsModule },
      { file: '/srv/plugins/empty.mjs', module: GreetingsModule },
    ];
    const operations = [
      { source: 'GreetingOperations.ListGreetings (plugin /srv/plugins/greetings.plugin.js)' },
      { source: 'GreetingOperations.AddGreeting (plugin /srv/plugins/greetings.plugin.js)' },
      { source: 'OrderOperations.GetOrders' },
    ];
    expect(pluginSummary(plugins, operations)).toBe(
      'Plugins: /srv/plugins/greetings.plugin.js (2 operations), /srv/plugins/empty.mjs (0 operations)',
    );
  });

  it('says nothing without plugin files', () => {
    expect(pluginSummary(undefined, [])).toBeUndefined();
    expect(pluginSummary([], [])).toBeUndefined();
  });
});
