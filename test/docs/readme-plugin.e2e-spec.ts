import { InvalidArgumentsError, OperationInvoker, OperationRegistry, RegistryModule } from '@myko/registry';
import type { INestApplicationContext, Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { compileReadmeExample, internalContext } from '../helpers/readme-example';

/** The README's "Writing a plugin" example, compiled as written. */
const loadReadmePlugin = () => compileReadmeExample('## Writing a plugin', 'greetings.operations.ts');

const ctx = internalContext;

describe('the README plugin example', () => {
  let app: INestApplicationContext;

  beforeAll(async () => {
    const { GreetingsModule } = loadReadmePlugin();
    const moduleRef = await Test.createTestingModule({
      imports: [RegistryModule, GreetingsModule as Type<unknown>],
    }).compile();
    app = await moduleRef.init();
  });

  afterAll(() => app?.close());

  it('declares the operations the README names', () => {
    const names = app
      .get(OperationRegistry)
      .list()
      .map((op) => op.name);
    expect(names).toEqual(['query_ListGreetings', 'command_AddGreeting']);
  });

  it('shows agents the fields of its output class, as written', () => {
    const greeting = app.get(OperationRegistry).get('command_AddGreeting')?.outputSchema;
    expect(greeting).toMatchObject({
      title: 'Greeting',
      properties: { id: { type: 'integer' }, text: { type: 'string' } },
      required: ['id', 'text'],
    });
  });

  it('runs them with validation and the business error it documents', async () => {
    const invoker = app.get(OperationInvoker);
    await expect(invoker.invoke('command_AddGreeting', { text: 'Hi' }, ctx())).resolves.toEqual({ id: 2, text: 'Hi' });
    await expect(invoker.invoke('query_ListGreetings', { limit: 5 }, ctx())).resolves.toHaveLength(2);
    await expect(invoker.invoke('command_AddGreeting', { text: 'Hi' }, ctx())).rejects.toThrow('Greeting exists: Hi');
    await expect(invoker.invoke('query_ListGreetings', { limit: 0 }, ctx())).rejects.toThrow(InvalidArgumentsError);
  });
});
