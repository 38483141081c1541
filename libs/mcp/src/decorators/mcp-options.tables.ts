import {
  expecting,
  isClass,
  isObject,
  OptionRules,
  type OptionTable,
  optionalOption,
  requiredOption,
} from '@myko/registry';
import type { McpAnnotations } from '../interfaces/mcp-content.interface';
import type { McpPromptArgument, McpPromptOptions } from '../interfaces/mcp-prompt.interface';
import type { McpResourceOptions, McpStaticResourceOptions } from '../interfaces/mcp-resource.interface';
import type { McpToolAnnotations, McpToolOptions } from '../interfaces/mcp-tool.interface';

const { string, text, boolean, number, object, objectOf, arrayOf, recordOf, strings } = OptionRules;

/** Every key of either member of a union: the resource options are a static or a template resource. */
type KeysOfEither<T> = T extends unknown ? keyof T : never;

/** The keys of a static and a template resource together; `name` and `description` required in both. */
type AnyResourceOptions = Partial<Record<KeysOfEither<McpResourceOptions>, unknown>> &
  Pick<McpStaticResourceOptions, 'name' | 'description'>;

const TOOL_ANNOTATIONS: OptionTable<McpToolAnnotations> = {
  title: optionalOption(string),
  readOnlyHint: optionalOption(boolean),
  destructiveHint: optionalOption(boolean),
  idempotentHint: optionalOption(boolean),
  openWorldHint: optionalOption(boolean),
};

/** The keys of `@McpTool`. */
export const MCP_TOOL_OPTIONS: OptionTable<McpToolOptions> = {
  name: optionalOption(text),
  title: optionalOption(string),
  description: requiredOption(text),
  input: optionalOption(expecting('a DTO class or a JSON Schema object', (value) => isClass(value) || isObject(value))),
  output: optionalOption(object),
  annotations: optionalOption(objectOf(TOOL_ANNOTATIONS)),
  taskSupport: optionalOption(
    expecting('"optional" or "required"', (value) => value === 'optional' || value === 'required'),
  ),
  inputBeforeTask: optionalOption(boolean),
};

const CONTENT_ANNOTATIONS: OptionTable<McpAnnotations> = {
  audience: optionalOption(strings),
  priority: optionalOption(number),
  lastModified: optionalOption(string),
};

/**
 * The keys of `@McpResource`, of a static and a template resource alike: which of `uri` and
 * `uriTemplate` is given, and the keys that go with it, the registry checks.
 */
export const MCP_RESOURCE_OPTIONS: OptionTable<AnyResourceOptions> = {
  uri: optionalOption(text),
  uriTemplate: optionalOption(text),
  name: requiredOption(text),
  title: optionalOption(string),
  description: requiredOption(text),
  mimeType: optionalOption(text),
  size: optionalOption(number),
  annotations: optionalOption(objectOf(CONTENT_ANNOTATIONS)),
  operation: optionalOption(text),
  operationArgs: optionalOption(
    expecting('an object or a function', (value) => isObject(value) || typeof value === 'function'),
  ),
  complete: optionalOption(recordOf(OptionRules.function)),
};

const PROMPT_ARGUMENT: OptionTable<McpPromptArgument> = {
  name: requiredOption(text),
  title: optionalOption(string),
  description: optionalOption(text),
  required: optionalOption(boolean),
  complete: optionalOption(OptionRules.function),
};

/** The keys of `@McpPrompt`. */
export const MCP_PROMPT_OPTIONS: OptionTable<McpPromptOptions> = {
  name: optionalOption(text),
  title: optionalOption(string),
  description: requiredOption(text),
  arguments: optionalOption(arrayOf(objectOf(PROMPT_ARGUMENT), 'an array of arguments')),
};
