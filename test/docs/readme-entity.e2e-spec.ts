import { InvalidArgumentsError, OperationInvoker, OperationRegistry, RegistryModule } from '@myko/registry';
import type { INestApplicationContext, Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { compileReadmeExample, internalContext } from '../helpers/readme-example';

const ctx = internalContext;

describe('the README entity example', () => {
  let app: INestApplicationContext;

  beforeAll(async () => {
    const { FleetModule } = compileReadmeExample(
      '### Entities: declare a record type once, get its operations',
      'vehicle.entity.ts',
    );
    const moduleRef = await Test.createTestingModule({
      imports: [RegistryModule, FleetModule as Type<unknown>],
    }).compile();
    app = await moduleRef.init();
  });

  afterAll(() => app?.close());

  it('generates the operations the README names, and no deletes', () => {
    const names = app
      .get(OperationRegistry)
      .list()
      .map((op) => op.name);
    expect(names).toEqual([
      'query_CountAllVehicles',
      'query_CountVehicles',
      'query_GetAllVehicles',
      'query_GetVehicleById',
      'query_GetVehiclesByIds',
      'query_GetVehiclesByQuery',
      'command_SetVehicleDepot',
    ]);
  });

  it('describes them with real schemas, TypeScript shapes and reads/writes', () => {
    const registry = app.get(OperationRegistry);
    const setter = registry.get('command_SetVehicleDepot');
    expect(setter?.inputSchema).toMatchObject({
      properties: { id: { type: 'integer' }, value: { type: 'string', minLength: 3, maxLength: 3 } },
      required: ['id', 'value'],
      additionalProperties: false,
    });
    expect(setter?.writes).toEqual(['Vehicle']);
    const byQuery = registry.get('query_GetVehiclesByQuery');
    expect(byQuery?.outputType).toBe('Vehicle[]');
    expect(byQuery?.args.map((a) => `${a.name}: ${a.tsType}`)).toEqual(
      expect.arrayContaining(["type: 'van' | 'truck'", 'limit: number', 'offset: number']),
    );
    expect(byQuery).toMatchObject({ reads: ['Vehicle'], watchable: true });
  });

  it('serves them from the store, validating arguments with the entity field rules', async () => {
    const invoker = app.get(OperationInvoker);
    await expect(invoker.invoke('query_GetVehiclesByQuery', { type: 'truck' }, ctx())).resolves.toEqual([
      { id: 2, type: 'truck', depot: 'AMS' },
    ]);
    await expect(invoker.invoke('query_CountVehicles', { type: 'van' }, ctx())).resolves.toBe(1);
    await expect(invoker.invoke('command_SetVehicleDepot', { id: 1, value: 'HAM' }, ctx())).resolves.toEqual({
      id: 1,
      type: 'van',
      depot: 'HAM',
    });
    await expect(invoker.invoke('command_SetVehicleDepot', { id: 1, value: 'HAMBURG' }, ctx())).rejects.toThrow(
      InvalidArgumentsError,
    );
    await expect(invoker.invoke('query_GetVehiclesByIds', { ids: [] }, ctx())).rejects.toThrow(InvalidArgumentsError);
    await expect(invoker.invoke('query_GetVehicleById', { id: 9 }, ctx())).rejects.toThrow('Vehicle not found: 9');
  });
});
