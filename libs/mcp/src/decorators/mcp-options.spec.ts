import { DecoratorOptionsError, RegistryModule } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { McpPrimitiveRegistry } from '../mcp-primitive.registry';
import { McpPrimitivesModule } from '../mcp-primitives.module';
import { McpPrompt, McpResource, McpTool } from '.';

class GreetArgs {}

async function boot(...providers: unknown[]) {
  const moduleRef = await Test.createTestingModule({
    imports: [RegistryModule, McpPrimitivesModule],
    providers: providers as never[],
  }).compile();
  return moduleRef.init();
}

// `@ts-expect-error` proves `npm run typecheck` refuses each mistake; the test proves the start does.
describe('MCP decorator options', () => {
  it('accepts every option of their interfaces', async () => {
    @Injectable()
    class Primitives {
      @McpTool({
        name: 'greet',
        title: 'Greet',
        description: 'Greets someone',
        input: GreetArgs,
        output: { type: 'object' },
        annotations: {
          title: 'Greet',
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        },
      })
      greet() {
        return { greeted: true };
      }

      @McpResource({
        uri: 'test://static',
        name: 'static',
        title: 'Static',
        description: 'A fixed text',
        mimeType: 'text/plain',
        size: 4,
        annotations: { audience: ['user'], priority: 0.5, lastModified: '2026-01-01T00:00:00Z' },
        operation: 'query_Anything',
        operationArgs: {},
      })
      staticText() {
        return 'text';
      }

      @McpResource({
        uriTemplate: 'test://items/{id}',
        name: 'item',
        description: 'One item',
        complete: { id: () => ['1'] },
        operation: 'query_Item',
        operationArgs: (variables) => ({ id: variables.id }),
      })
      item() {
        return 'item';
      }

      @McpPrompt({
        name: 'review',
        title: 'Review',
        description: 'Review a text',
        arguments: [{ name: 'text', title: 'Text', description: 'What to review', required: true, complete: () => [] }],
      })
      review() {
        return 'Review it.';
      }
    }

    const moduleRef = await boot(Primitives);
    const registry = moduleRef.get(McpPrimitiveRegistry);
    expect(registry.tools().map((tool) => tool.name)).toEqual(['greet']);
    expect(registry.resources().map((resource) => resource.uri)).toEqual(['test://static']);
    await moduleRef.close();
  });

  it('fails the start listing every wrong tool, resource and prompt with its method, file and problems', async () => {
    @Injectable()
    class Primitives {
      // @ts-expect-error `descripton` is not an option
      @McpTool({ descripton: 'Greets someone', annotations: { readOnlyHint: 'yes' } })
      greet() {
        return 'hi';
      }

      // @ts-expect-error `description` must be a string
      @McpResource({ uri: 'test://static', name: 'static', description: 7, mimetype: 'text/plain' })
      staticText() {
        return 'text';
      }

      // @ts-expect-error `arguments` items need a `name`
      @McpPrompt({ description: '', arguments: [{ description: 'What to review', requird: true }] })
      review() {
        return 'Review it.';
      }
    }

    const failure = await boot(Primitives).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DecoratorOptionsError);
    const invalid = (failure as DecoratorOptionsError).invalid;
    expect(invalid.map(({ decorator, source, problems }) => ({ decorator, source, problems }))).toEqual([
      {
        decorator: '@McpTool',
        source: 'Primitives.greet',
        problems: [
          'unknown option `descripton`: did you mean `description`?',
          '`annotations.readOnlyHint` must be a boolean, got string',
        ],
      },
      {
        decorator: '@McpResource',
        source: 'Primitives.staticText',
        problems: [
          'unknown option `mimetype`: did you mean `mimeType`?',
          '`description` must be a non-empty string, got number',
        ],
      },
      {
        decorator: '@McpPrompt',
        source: 'Primitives.review',
        problems: [
          '`description` must not be empty',
          'unknown option `arguments[0].requird`: did you mean `arguments[0].required`?',
          '`arguments[0].name` is required',
        ],
      },
    ]);
    for (const { location } of invalid) expect(location?.startsWith(`${__filename}:`)).toBe(true);
  });
});
