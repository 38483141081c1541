import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Type } from 'class-transformer';
import { IsInt, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { Query } from '../decorators';
import { OperationRegistrationError } from '../errors';
import type { ProgrammaticOperation } from '../interfaces';
import { OperationRegistry } from '../operation.registry';
import { RegistryModule } from '../registry.module';

/** The README's old `Greeting`: plain fields, nothing a schema (or an agent) could see. */
class Greeting {
  id!: number;
  text!: string;
}

class Author {
  name!: string;
}

class Book {
  @IsString()
  title!: string;

  @ValidateNested()
  @Type(() => Author)
  author!: Author;
}

/** Some fields decorated, one plain: `isbn` is in the results but not in the type. */
class Edition {
  @IsInt()
  year!: number;

  isbn!: string;
}

class Shelf {
  @IsString()
  label!: string;

  @IsOptional()
  @IsObject()
  extra?: Record<string, unknown>;
}

function register(output: ProgrammaticOperation['output']) {
  return new OperationRegistry().register({
    kind: 'query',
    id: 'ListThings',
    description: 'Things.',
    output,
    handler: () => [],
    source: 'ThingOperations.ListThings',
  });
}

function refusal(output: ProgrammaticOperation['output']): OperationRegistrationError {
  try {
    register(output);
  } catch (error) {
    expect(error).toBeInstanceOf(OperationRegistrationError);
    return error as OperationRegistrationError;
  }
  throw new Error('the registration was not refused');
}

describe('an output class whose fields have no decorators', () => {
  it('is refused, naming the operation, its source, the class and the decorators to add', () => {
    for (const output of [Greeting, [Greeting]] as const) {
      const { message } = refusal(output as ProgrammaticOperation['output']);
      expect(message).toContain('Operation query_ListThings declared by programmatic:ThingOperations.ListThings:');
      expect(message).toContain('output class Greeting has no decorated fields');
      expect(message).toContain('`@IsString() name!: string`');
      expect(message).toContain('`@ValidateNested() @Type(() => Child) child!: Child`');
      expect(message).toContain('`output: Object`');
    }
  });

  it('is refused when nested, naming the field that reaches it', () => {
    const { message } = refusal([Book]);
    expect(message).toContain('output class Author (the type of Book.author) has no decorated fields');
  });

  it('is not refused when the result is declared opaque with `output: Object` or `[Object]`', () => {
    expect(register(Object).outputType).toBe('Record<string, unknown>');
    expect(register([Object] as never).outputType).toBe('Record<string, unknown>[]');
  });

  it('with some decorated fields: the decorated ones are the type, a plain one is not in it', () => {
    const { outputSchema } = register([Edition]);
    const defs = outputSchema?.$defs as Record<string, { properties: object }> | undefined;
    expect(Object.keys(defs?.Edition.properties ?? {})).toEqual(['year']);
  });

  it('a decorated opaque field (`@IsObject()`) is a described field', () => {
    const { outputSchema } = register(Shelf);
    expect(Object.keys(outputSchema?.properties as object)).toEqual(['label', 'extra']);
  });

  it('refuses the start of an application whose provider declares one', async () => {
    @Injectable()
    class GreetingOperations {
      @Query({ description: 'Greetings.', output: [Greeting] })
      ListGreetings() {
        return [];
      }
    }
    @Module({ providers: [GreetingOperations] })
    class GreetingsModule {}
    const moduleRef = await Test.createTestingModule({ imports: [RegistryModule, GreetingsModule] }).compile();
    const failure = await moduleRef.init().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(OperationRegistrationError);
    expect((failure as Error).message).toMatch(
      /^Operation query_ListGreetings declared by GreetingOperations\.ListGreetings: output class Greeting has no decorated fields/,
    );
  });
});
