import { DispatchHarness, NO_SCRIPTS } from '../../__fixtures__/dispatch.harness';
import { PIXEL, SpecPrimitives } from '../../__fixtures__/mcp-primitives.fixture';

describe('prompts/list and prompts/get', () => {
  let harness: DispatchHarness;

  beforeAll(async () => {
    harness = await DispatchHarness.create(NO_SCRIPTS, [SpecPrimitives]);
  });
  afterAll(() => harness.close());

  it('declares the prompts capability when a prompt exists', async () => {
    const init = await harness.initialize(harness.client());
    expect(init.capabilities.prompts).toEqual({ listChanged: false });
  });

  it('lists prompts with their arguments, without completion providers', async () => {
    const { prompts } = await harness.result('prompts/list');
    expect(prompts).toEqual([
      {
        name: 'greet',
        description: 'Greets someone',
        arguments: [
          { name: 'name', description: 'Who', required: true },
          { name: 'mood', description: 'How' },
        ],
      },
      { name: 'rich', title: 'Rich', description: 'Every content type', arguments: [] },
    ]);
    const hidden = harness.client(DispatchHarness.filters({ 'visibility-deny': 'rich' }));
    expect((await harness.result('prompts/list', {}, hidden)).prompts.map((p: { name: string }) => p.name)).toEqual([
      'greet',
    ]);
  });

  it('substitutes arguments into a string result, as one user text message', async () => {
    expect(await harness.result('prompts/get', { name: 'greet', arguments: { name: 'Ada', mood: 'warm' } })).toEqual({
      description: 'Greets someone',
      messages: [{ role: 'user', content: { type: 'text', text: 'Greet Ada warmly.' } }],
    });
  });

  it('returns image, audio and embedded resource content', async () => {
    const { messages } = await harness.result('prompts/get', { name: 'rich' });
    expect(messages.map((m: { content: { type: string } }) => m.content.type)).toEqual([
      'image',
      'audio',
      'resource',
      'text',
    ]);
    expect(messages[0].content).toEqual({ type: 'image', data: PIXEL.toString('base64'), mimeType: 'image/png' });
  });

  it.each([
    ['a missing required argument', { name: 'greet', arguments: { mood: 'calm' } }, '`name` is required'],
    ['an unknown argument', { name: 'greet', arguments: { name: 'A', extra: 'x' } }, 'unknown argument `extra`'],
    ['a non-string argument', { name: 'greet', arguments: { name: 3 } }, '`name` must be a string'],
    ['an unknown prompt', { name: 'nope' }, 'Unknown prompt: nope'],
    ['a missing name', {}, '`name` must be the name of a prompt'],
  ])('answers %s with -32602', async (_label, params, message) => {
    const error = await harness.error('prompts/get', params);
    expect(error.code).toBe(-32602);
    expect(error.message).toContain(message);
  });

  it('answers a hidden prompt exactly like an unknown one', async () => {
    const client = harness.client(DispatchHarness.filters({ 'visibility-deny': 'rich' }));
    expect(await harness.error('prompts/get', { name: 'rich' }, client)).toEqual({
      code: -32602,
      message: 'Invalid params: Unknown prompt: rich',
    });
  });
});

describe('prompts when no plugin declares one', () => {
  let harness: DispatchHarness;

  beforeAll(async () => {
    harness = await DispatchHarness.create(NO_SCRIPTS);
  });
  afterAll(() => harness.close());

  it('neither declares the capability nor serves the methods', async () => {
    const init = await harness.initialize(harness.client());
    expect(init.capabilities).not.toHaveProperty('prompts');
    expect(await harness.error('prompts/list')).toEqual({ code: -32601, message: 'Method not found: prompts/list' });
    expect(await harness.error('prompts/get', { name: 'x' })).toMatchObject({ code: -32601 });
  });
});
