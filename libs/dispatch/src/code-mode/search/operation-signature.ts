import {
  type JsonSchema,
  type OperationArgument,
  type OperationDescriptor,
  renderTsMembers,
  renderTypeBody,
  resultObjectType,
} from '@myko/registry';
import { argumentNote } from './argument-note';
import { renderArgsParameter } from './operation-declaration';

const TYPE_NAME = /\b[A-Za-z_$][\w$]*\b/g;

/**
 * A named type a search answer declares once: `OrderDetail` → `{ id: number; … }`; `parent` is the
 * type whose members reach it (`ValuationRow` of `InventoryValuationReport`), absent on a type the
 * signature names itself. `members`: every member, uncut (`id: number`), by which an answer sees that
 * one type is another plus members (`TypeBlock`).
 */
export interface SignatureType {
  readonly name: string;
  readonly body: string;
  readonly parent?: string;
  readonly members: readonly string[];
}

/**
 * How an operation is called, as one line of TypeScript a model reads at a glance:
 * `command CancelOrder(args: { orderId: number; reason?: string }): OrderDetail`. `args?` when
 * every argument is optional, `()` when there is none; an argument keeps the part of its
 * description that its name and type do not say (`argumentNote`), as a comment.
 */
export function renderSignature(op: OperationDescriptor): string {
  return `${op.kind} ${op.id}(${renderArgsParameter(op, noteComment)}): ${op.outputType}`;
}

/** An argument's note as a comment after its type, or nothing. */
function noteComment(arg: OperationArgument): string {
  const note = argumentNote(arg.name, arg.description);
  return note === undefined ? '' : ` /* ${note.replace(/\*\//g, '*\\/')} */`;
}

/**
 * Every named object type a signature reaches, members bounded (`renderTypeBody`), each once: the
 * result's type (`OrderDetail` of `OrderDetail` or `OrderDetail[]`), the argument types defined by
 * the input schema (`PlaceOrderLine` of `lines: PlaceOrderLine[]`), then, breadth first, the types
 * their members name (`ValuationRow` of `rows: ValuationRow[]`): without them an agent guesses fields.
 */
export function signatureTypes(op: OperationDescriptor): SignatureType[] {
  const defs: Record<string, JsonSchema> = { ...defsOf(op.outputSchema), ...defsOf(op.inputSchema) };
  const queue: { name: string; schema: unknown; parent?: string }[] = [];
  const result = resultObjectType(op.outputType, op.outputSchema);
  if (result) queue.push(result);
  for (const arg of op.args) {
    for (const name of arg.tsType.match(TYPE_NAME) ?? [])
      if (Object.hasOwn(defs, name)) queue.push({ name, schema: defs[name] });
  }
  const types = new Map<string, SignatureType>();
  for (let i = 0; i < queue.length; i++) {
    const { name, schema, parent } = queue[i];
    const body = types.has(name) ? undefined : renderTypeBody(name, schema);
    if (body === undefined) continue;
    const members = renderTsMembers(schema);
    types.set(name, parent === undefined ? { name, body, members } : { name, body, parent, members });
    for (const ref of referencedNames(schema)) {
      if (Object.hasOwn(defs, ref) && !types.has(ref)) queue.push({ name: ref, schema: defs[ref], parent: name });
    }
  }
  return [...types.values()];
}

function defsOf(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  const defs = schema?.$defs;
  return typeof defs === 'object' && defs !== null ? (defs as Record<string, JsonSchema>) : {};
}

/** The `$defs` names a schema's members point at (`$ref`), in order; nested `$defs` are not members. */
function referencedNames(schema: unknown, into: string[] = []): string[] {
  if (Array.isArray(schema)) {
    for (const item of schema) referencedNames(item, into);
  } else if (typeof schema === 'object' && schema !== null) {
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' && typeof value === 'string') into.push(value.slice(value.lastIndexOf('/') + 1));
      else if (key !== '$defs') referencedNames(value, into);
    }
  }
  return into;
}
