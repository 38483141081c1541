import type { Type } from '@nestjs/common';
import type { JsonSchema, OperationArgument, OperationOutput, SchemaDescribedTypes } from '../interfaces';
import { DtoSchemaFactory } from './dto-schema.factory';
import { JSON_SCHEMA_DIALECT } from './json-schema-2020';
import { DEFS_REF_PREFIX } from './schema-converters';
import { renderTsType } from './ts-type.renderer';

/** What search and `resources/read` show about an operation's arguments. */
export interface InputSchemas {
  inputSchema: JsonSchema;
  args: OperationArgument[];
}

/** What search shows about an operation's result. */
export interface OutputSchemas {
  outputType: string;
  outputSchema?: JsonSchema;
}

const PRIMITIVE_OUTPUTS = new Map<unknown, { tsType: string; schema: JsonSchema }>([
  [String, { tsType: 'string', schema: { type: 'string' } }],
  [Number, { tsType: 'number', schema: { type: 'number' } }],
  [Boolean, { tsType: 'boolean', schema: { type: 'boolean' } }],
  [Object, { tsType: 'Record<string, unknown>', schema: { type: 'object' } }],
]);

/** Turns an operation's `args` and `output` options into schemas and TypeScript renderings, once. */
export class OperationSchemaBuilder {
  constructor(private readonly dtos = new DtoSchemaFactory()) {}

  /** @throws Error when `args` is not a class or its DTO graph cannot be described. */
  input(argsType: Type<object> | undefined): InputSchemas {
    if (argsType === undefined) {
      return {
        inputSchema: { $schema: JSON_SCHEMA_DIALECT, type: 'object', properties: {}, additionalProperties: false },
        args: [],
      };
    }
    if (typeof argsType !== 'function') throw new Error('`args` must be a class-validator DTO class');
    const { schema, defs } = this.dtos.create(argsType, 'input');
    return { inputSchema: withDialect(schema, defs), args: argumentsOf(schema) };
  }

  /**
   * The schemas of an operation described by JSON Schema, served as given (the dialect added if missing).
   * @throws Error when `args` or `output` are given as well, or the input is not an object schema
   */
  described(
    types: SchemaDescribedTypes,
    args: unknown,
    output: unknown,
  ): { input: InputSchemas; output: OutputSchemas } {
    if (args !== undefined || output !== undefined) throw new Error('`schema` replaces `args` and `output`: give one');
    if (types.input?.type !== 'object') throw new Error('`schema.input` must be an object schema');
    const inputSchema = { $schema: JSON_SCHEMA_DIALECT, ...types.input };
    const outputSchema = types.output ? { $schema: JSON_SCHEMA_DIALECT, ...types.output } : undefined;
    return {
      input: { inputSchema, args: argumentsOf(inputSchema) },
      output: { outputType: types.outputType, ...(outputSchema ? { outputSchema } : {}) },
    };
  }

  /** @throws Error when `output` is neither a class, `[Class]`, nor a primitive constructor. */
  output(output: OperationOutput | undefined): OutputSchemas {
    if (output === undefined) return { outputType: 'void' };
    const list = Array.isArray(output);
    const item: unknown = list ? output[0] : output;
    if ((list && output.length !== 1) || typeof item !== 'function') {
      throw new Error('`output` must be a class, [Class], or String, Number, Boolean or Object');
    }
    const primitive = PRIMITIVE_OUTPUTS.get(item);
    if (primitive) {
      const { tsType, schema } = primitive;
      return list
        ? { outputType: `${tsType}[]`, outputSchema: withDialect({ type: 'array', items: schema }, {}) }
        : { outputType: tsType, outputSchema: withDialect(schema, {}) };
    }
    const type = item as Type<object>;
    const { schema, defs } = this.dtos.create(type, 'output');
    if (!list) return { outputType: type.name, outputSchema: withDialect({ title: type.name, ...schema }, defs) };
    const items = { $ref: DEFS_REF_PREFIX + type.name };
    return {
      outputType: `${type.name}[]`,
      outputSchema: withDialect({ type: 'array', items }, { ...defs, [type.name]: schema }),
    };
  }
}

function withDialect(schema: JsonSchema, defs: Readonly<Record<string, JsonSchema>>): JsonSchema {
  const withDefs = Object.keys(defs).length > 0 ? { $defs: defs } : {};
  return { $schema: JSON_SCHEMA_DIALECT, ...schema, ...withDefs };
}

function argumentsOf(schema: JsonSchema): OperationArgument[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    tsType: renderTsType(property),
    optional: !required.has(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}
