import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { IsInt, IsString } from 'class-validator';
import { DecoratorOptionsError } from '../errors';
import { OperationRegistry } from '../operation.registry';
import { RegistryModule } from '../registry.module';
import { Entity, EntityRepository } from './entity.decorators';
import type { EntityStore } from './entity-store.interface';

class BirdQuery {}

/** A store with nothing in it: what the generated operations call is not under test here. */
class EmptyStore implements EntityStore<object> {
  getAll = () => [];
  getByIds = () => [];
  getByQuery = () => [];
  getById = () => undefined;
  countAll = () => 0;
  count = () => 0;
  delete = () => false;
  deleteMany = () => 0;
  set = () => undefined;
}

async function boot(...providers: unknown[]) {
  @Module({ providers: providers as never[] })
  class PluginModule {}
  const moduleRef = await Test.createTestingModule({ imports: [RegistryModule, PluginModule] }).compile();
  return moduleRef.init();
}

// `@ts-expect-error` proves `npm run typecheck` refuses each mistake; the test proves the start does.
describe('@Entity() options', () => {
  it('accepts every option of its interface', async () => {
    @Entity({
      idField: 'id',
      name: 'Bird',
      plural: 'Birds',
      description: 'birds seen',
      query: BirdQuery,
      groups: { reads: true, counts: true, deletes: false },
      rename: { getAll: 'ListAllBirds' },
      setters: ['name'],
    })
    class BirdRecord {
      @IsInt()
      id: number;

      @IsString()
      name: string;
    }
    @Injectable()
    @EntityRepository(BirdRecord)
    class BirdStore extends EmptyStore {}

    const moduleRef = await boot(BirdStore);
    const names = moduleRef
      .get(OperationRegistry)
      .list()
      .map((operation) => operation.name);
    expect(names).toEqual(expect.arrayContaining(['query_ListAllBirds', 'command_SetBirdName']));
    expect(names).not.toContain('command_DeleteBird');
    await moduleRef.close();
  });

  it('fails the start naming the entity, its repository, the file and every problem', async () => {
    // @ts-expect-error `idfield` is not an option (`idField` is, and is required)
    @Entity({ idfield: 'id', groups: { delete: false }, rename: { getAll: '' }, setters: 'name' })
    class Bird {
      @IsInt()
      id: number;
    }
    @Injectable()
    @EntityRepository(Bird)
    class BirdStore extends EmptyStore {}

    const failure = await boot(BirdStore).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DecoratorOptionsError);
    const [invalid] = (failure as DecoratorOptionsError).invalid;
    expect(invalid).toEqual({
      decorator: '@Entity',
      source: 'Bird (stored by BirdStore)',
      location: expect.stringMatching(/entity-options\.spec\.ts:\d+$/),
      problems: [
        'unknown option `idfield`: did you mean `idField`?',
        'unknown option `groups.delete`: did you mean `groups.deletes`?',
        '`rename.getAll` must not be empty',
        '`setters` must be an array of strings, got string',
      ],
    });
    expect(invalid.location?.startsWith(`${__filename}:`)).toBe(true);
  });
});
