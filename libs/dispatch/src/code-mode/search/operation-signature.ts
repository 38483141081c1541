import {
  type JsonSchema,
  type OperationArgument,
  type OperationDescriptor,
  renderTypeBody,
  resultObjectType,
} from '@myko/registry';
import { argumentNote } from './argument-note';
import { renderArgsParameter } from './operation-declaration';

const TYPE_NAME = /\b[A-Za-z_$][\w$]*\b/g;

/** A named type a signature mentions, as a search answer declares it once: `OrderDetail` → `{ id: number; … }`. */
export interface SignatureType {
  readonly name: string;
  readonly body: string;
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
 * The named object types a signature mentions, members bounded (`renderTypeBody`): the result's
 * type (`OrderDetail` of `OrderDetail` or `OrderDetail[]`), then the argument types defined by the
 * input schema (`PlaceOrderLine` of `lines: PlaceOrderLine[]`).
 */
export function signatureTypes(op: OperationDescriptor): SignatureType[] {
  const types = new Map<string, string>();
  const result = resultObjectType(op.outputType, op.outputSchema);
  const resultBody = result && renderTypeBody(result.name, result.schema);
  if (result && resultBody) types.set(result.name, resultBody);
  const defs = op.inputSchema.$defs as Record<string, JsonSchema> | undefined;
  for (const arg of defs ? op.args : []) {
    for (const name of arg.tsType.match(TYPE_NAME) ?? []) {
      const defined = defs !== undefined && Object.hasOwn(defs, name) && !types.has(name);
      const body = defined ? renderTypeBody(name, defs[name]) : undefined;
      if (body) types.set(name, body);
    }
  }
  return [...types].map(([name, body]) => ({ name, body }));
}
