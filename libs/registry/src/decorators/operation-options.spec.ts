import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { IsString } from 'class-validator';
import { DecoratorOptionsError } from '../errors';
import { OperationRegistry } from '../operation.registry';
import { RegistryModule } from '../registry.module';
import { Command, Query, Report, View } from '.';

class BirdArgs {}
class Bird {
  @IsString()
  species!: string;
}

async function boot(...providers: unknown[]) {
  @Module({ providers: providers as never[] })
  class PluginModule {}
  const moduleRef = await Test.createTestingModule({ imports: [RegistryModule, PluginModule] }).compile();
  return moduleRef.init();
}

async function bootFailure(...providers: unknown[]): Promise<DecoratorOptionsError> {
  const failure = await boot(...providers).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(DecoratorOptionsError);
  return failure as DecoratorOptionsError;
}

// Each mistake is written twice over: `@ts-expect-error` proves `npm run typecheck` refuses it, the
// test proves the start refuses it where nothing compiled it (a JavaScript plugin).
describe('operation decorator options', () => {
  it('accepts every option of its interface', async () => {
    @Injectable()
    class BirdOperations {
      @Query({
        id: 'Birds',
        description: 'Birds seen this year.',
        args: BirdArgs,
        output: [Bird],
        keywords: ['sightings'],
        reads: ['Bird'],
        resource: { uri: 'myko://birds/all', name: 'all-birds', title: 'All', description: 'Every bird', args: {} },
      })
      ListBirds() {
        return [];
      }

      @Command({
        description: 'Ring a bird.',
        output: Bird,
        keywords: ['ringing'],
        idempotent: true,
        destructive: false,
        writes: ['Bird'],
      })
      RingBird() {
        return {};
      }
    }

    const moduleRef = await boot(BirdOperations);
    expect(
      moduleRef
        .get(OperationRegistry)
        .list()
        .map((operation) => operation.name),
    ).toEqual(['query_Birds', 'command_RingBird']);
    await moduleRef.close();
  });

  it('fails the start on an unknown key, naming the decorator, the method, the file and the key meant', async () => {
    @Injectable()
    class BirdOperations {
      // @ts-expect-error `descripton` is not an option
      @Query({ descripton: 'Birds seen this year.', keyword: ['birds'] })
      ListBirds() {
        return [];
      }
    }

    const error = await bootFailure(BirdOperations);
    expect(error.message).toMatch(
      new RegExp(
        `^@Query on BirdOperations\\.ListBirds at ${literal(__filename)}:\\d+ has invalid options:\n` +
          '  - unknown option `descripton`: did you mean `description`\\?\n' +
          '  - unknown option `keyword`: did you mean `keywords`\\?$',
      ),
    );
  });

  it('fails the start on a wrong type or an empty description, listing every bad decorator at once', async () => {
    @Injectable()
    class BirdOperations {
      // @ts-expect-error `keywords` is a list of strings
      @View({ description: 'One bird.', keywords: 'birds' })
      Bird() {
        return {};
      }

      // @ts-expect-error `output` is a class or [Class]
      @Report({ description: ' ', output: 'Bird', reads: ['Bird', 3] })
      BirdCounts() {
        return {};
      }

      // @ts-expect-error `description` is required
      @Command({ args: BirdArgs, destructive: 'no' })
      RingBird() {
        return {};
      }
    }
    @Injectable()
    class WatchOperations {
      // @ts-expect-error `resource` needs a `name`, and `nmae` is not one of its keys
      @Query({ description: 'Birds to watch.', reads: ['Bird'], resource: { uri: 'myko://birds', nmae: 'b' } })
      Watched() {
        return [];
      }
    }

    const error = await bootFailure(BirdOperations, WatchOperations);
    expect(error.invalid.map(({ decorator, source, problems }) => ({ decorator, source, problems }))).toEqual([
      {
        decorator: '@View',
        source: 'BirdOperations.Bird',
        problems: ['`keywords` must be an array of strings, got string'],
      },
      {
        decorator: '@Report',
        source: 'BirdOperations.BirdCounts',
        problems: [
          '`description` must not be empty',
          '`output` must be a class or [Class], got string',
          '`reads[1]` must be a string, got number',
        ],
      },
      {
        decorator: '@Command',
        source: 'BirdOperations.RingBird',
        problems: ['`description` is required', '`destructive` must be a boolean, got string'],
      },
      {
        decorator: '@Query',
        source: 'WatchOperations.Watched',
        problems: ['unknown option `resource.nmae`: did you mean `resource.name`?'],
      },
    ]);
    for (const { location } of error.invalid) expect(location).toMatch(new RegExp(`^${literal(__filename)}:\\d+$`));
  });

  it('takes a key only on the decorators whose interface has it', async () => {
    @Injectable()
    class BirdOperations {
      // @ts-expect-error `writes` is an option of @Command
      @Query({ description: 'Birds.', writes: ['Bird'] })
      ListBirds() {
        return [];
      }
    }

    const error = await bootFailure(BirdOperations);
    expect(error.invalid[0].problems).toEqual([
      'unknown option `writes` (known: `id`, `description`, `args`, `output`, `keywords`, `reads`, `resource`)',
    ]);
  });
});

/** A pattern matching `text` literally. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
