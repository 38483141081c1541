import { ArgumentsValidator, deepFreeze, type JsonSchema, OperationSchemaBuilder } from '@myko/registry';
import type { Type } from '@nestjs/common';
import { McpRegistrationError } from './errors/mcp-registration.error';
import type {
  McpPromptDefinition,
  McpResourceDefinition,
  McpToolDefinition,
} from './interfaces/mcp-definition.interface';
import type { McpPromptEntry } from './interfaces/mcp-prompt.interface';
import type { McpStaticResourceEntry, McpTemplateResourceEntry } from './interfaces/mcp-resource.interface';
import type { McpToolEntry } from './interfaces/mcp-tool.interface';
import { MCP_TOOL_NAME_PATTERN, RESERVED_TOOL_NAMES } from './mcp.constants';
import { invalidPrimitiveMessage, type McpPrimitiveKind } from './mcp.messages';
import { RawSchemaValidator } from './raw-schema.validator';
import { UriTemplate } from './uri-template';

const NO_ARGUMENTS: JsonSchema = { type: 'object', properties: {}, additionalProperties: false };
const URI_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/;
/** `<kind>_<id>` of an operation a resource is backed by. */
const BACKING_OPERATION = /^(query|view|report|command)_[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Checks one primitive definition and builds its frozen registry entry. */
export class McpPrimitiveFactory {
  private readonly schemas = new OperationSchemaBuilder();

  /** @throws McpRegistrationError naming the tool and its source */
  tool(definition: McpToolDefinition): McpToolEntry {
    const { name, source } = definition;
    const fail = failer('tool', String(name), source);
    if (typeof name !== 'string' || !MCP_TOOL_NAME_PATTERN.test(name)) {
      fail('a tool name must be 1-128 characters of A-Z, a-z, 0-9, _, - and .');
    }
    if (RESERVED_TOOL_NAMES.includes(name)) fail(`"${name}" is reserved for the Code Mode meta tool`);
    requireText(definition.description, 'description', fail);
    requireHandler(definition.handler, fail);
    const { inputSchema, validate } = this.input(name, definition.input, fail);
    if (definition.output !== undefined && !isObjectSchema(definition.output)) {
      fail('`output` must be a JSON Schema of type "object" (it describes structuredContent)');
    }
    return Object.freeze({
      ...optional({ title: definition.title, annotations: definition.annotations && { ...definition.annotations } }),
      ...optional({ taskSupport: definition.taskSupport, inputBeforeTask: definition.inputBeforeTask }),
      name,
      description: definition.description,
      inputSchema,
      ...(definition.output ? { outputSchema: deepFreeze(structuredClone(definition.output)) } : {}),
      source,
      handler: definition.handler,
      validate,
    });
  }

  /** @throws McpRegistrationError naming the resource and its source */
  resource(definition: McpResourceDefinition): McpStaticResourceEntry | McpTemplateResourceEntry {
    const { uri, uriTemplate, source } = definition;
    const isTemplate = uriTemplate !== undefined;
    const fail = failer(isTemplate ? 'resource template' : 'resource', String(uri ?? uriTemplate), source);
    if ((uri === undefined) === (uriTemplate === undefined)) fail('declare exactly one of `uri` and `uriTemplate`');
    requireText(definition.name, 'name', fail);
    requireText(definition.description, 'description', fail);
    requireHandler(definition.handler, fail);
    const { operation, operationArgs } = definition;
    if (operation !== undefined && (typeof operation !== 'string' || !BACKING_OPERATION.test(operation)))
      fail('`operation` must name an operation as <kind>_<id>');
    if (operationArgs !== undefined && operation === undefined) fail('`operationArgs` needs `operation`');
    const common = {
      ...optional({ title: definition.title, mimeType: definition.mimeType, annotations: definition.annotations }),
      ...optional({ operation, operationArgs }),
      name: definition.name,
      description: definition.description,
      source,
      handler: definition.handler,
    };
    if (!isTemplate) {
      if (typeof uri !== 'string' || !URI_SCHEME.test(uri)) fail('`uri` must be an absolute URI (scheme:…)');
      return Object.freeze({ ...common, ...optional({ size: definition.size }), uri: uri as string });
    }
    const template = parseTemplate(uriTemplate, fail);
    const complete = { ...(definition.complete ?? {}) };
    for (const [variable, completer] of Object.entries(complete)) {
      if (!template.variables.includes(variable))
        fail(`\`complete\` names {${variable}}, which is not in the template`);
      if (typeof completer !== 'function') fail(`\`complete.${variable}\` must be a function`);
    }
    return Object.freeze({
      ...common,
      uriTemplate,
      variables: template.variables,
      complete: Object.freeze(complete),
      match: (candidate: string) => template.match(candidate),
    });
  }

  /** @throws McpRegistrationError naming the prompt and its source */
  prompt(definition: McpPromptDefinition): McpPromptEntry {
    const { name, source } = definition;
    const fail = failer('prompt', String(name), source);
    requireText(name, 'name', fail);
    requireText(definition.description, 'description', fail);
    requireHandler(definition.handler, fail);
    const seen = new Set<string>();
    const args = (definition.arguments ?? []).map((argument) => {
      requireText(argument?.name, 'an argument name', fail);
      if (seen.has(argument.name)) fail(`argument ${argument.name} is declared twice`);
      seen.add(argument.name);
      if (argument.complete !== undefined && typeof argument.complete !== 'function') {
        fail(`\`complete\` of argument ${argument.name} must be a function`);
      }
      return Object.freeze({ ...argument });
    });
    return Object.freeze({
      ...optional({ title: definition.title }),
      name,
      description: definition.description,
      arguments: Object.freeze(args),
      source,
      handler: definition.handler,
    });
  }

  private input(
    tool: string,
    input: McpToolDefinition['input'],
    fail: (reason: string) => never,
  ): Pick<McpToolEntry, 'inputSchema' | 'validate'> {
    if (input === undefined) {
      const validator = new ArgumentsValidator(tool, undefined, false);
      return { inputSchema: NO_ARGUMENTS, validate: async (raw) => (await validator.validate(raw)) as never };
    }
    if (typeof input === 'function') {
      let described: ReturnType<OperationSchemaBuilder['input']>;
      try {
        described = this.schemas.input(input as Type<object>);
      } catch (error) {
        return fail(error instanceof Error ? error.message : String(error));
      }
      const validator = new ArgumentsValidator(tool, input as Type<object>, described.args.length > 0);
      return {
        inputSchema: deepFreeze(described.inputSchema),
        validate: async (raw) => (await validator.validate(raw)) as Record<string, unknown>,
      };
    }
    if (!isObjectSchema(input)) fail('`input` must be a DTO class or a JSON Schema of type "object"');
    // Kept verbatim (a frozen copy): `$schema`, `$defs` and `additionalProperties` reach tools/list untouched.
    const schema = deepFreeze(structuredClone(input));
    const validator = new RawSchemaValidator(tool, schema);
    return { inputSchema: schema, validate: (raw) => validator.validate(raw) };
  }
}

function failer(kind: McpPrimitiveKind, key: string, source: string): (reason: string) => never {
  return (reason) => {
    throw new McpRegistrationError(invalidPrimitiveMessage(kind, key, source, reason));
  };
}

function requireText(value: unknown, what: string, fail: (reason: string) => never): asserts value is string {
  if (typeof value !== 'string' || value.trim() === '') fail(`${what} must be a non-empty string`);
}

function requireHandler(handler: unknown, fail: (reason: string) => never): void {
  if (typeof handler !== 'function') fail('it has no handler function');
}

function parseTemplate(uriTemplate: unknown, fail: (reason: string) => never): UriTemplate {
  if (typeof uriTemplate !== 'string' || !URI_SCHEME.test(uriTemplate)) fail('`uriTemplate` must be an absolute URI');
  try {
    return new UriTemplate(uriTemplate as string);
  } catch (error) {
    return fail(`\`uriTemplate\`: ${(error as Error).message}`);
  }
}

function isObjectSchema(schema: unknown): schema is JsonSchema {
  return (
    typeof schema === 'object' && schema !== null && !Array.isArray(schema) && (schema as JsonSchema).type === 'object'
  );
}

/** The defined entries only, so frozen entries carry no `undefined` keys onto the wire. */
function optional<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}
