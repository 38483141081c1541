import { type JsonSchema, type OperationDescriptor, renderTypeBody, resultObjectType } from '@myko/registry';
import { argumentNote } from './argument-note';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
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
  return `${op.kind} ${op.id}(${renderParameter(op)}): ${op.outputType}`;
}

function renderParameter(op: OperationDescriptor): string {
  if (op.args.length === 0) return '';
  const fields = op.args.map((arg) => {
    const key = IDENTIFIER.test(arg.name) ? arg.name : JSON.stringify(arg.name);
    const note = argumentNote(arg.name, arg.description);
    const comment = note === undefined ? '' : ` /* ${note.replace(/\*\//g, '*\\/')} */`;
    return `${key}${arg.optional ? '?' : ''}: ${arg.tsType}${comment}`;
  });
  const optional = op.args.every((arg) => arg.optional) ? '?' : '';
  return `args${optional}: { ${fields.join('; ')} }`;
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
