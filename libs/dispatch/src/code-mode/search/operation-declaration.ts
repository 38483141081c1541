import type { OperationArgument, OperationDescriptor } from '@myko/registry';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * The call as a model would write it inside `execute`, in TypeScript terms:
 * `myko.query('GetOrders', args: { customerId: number; limit?: number }): Promise<Order[]>`.
 */
export function renderDeclaration(op: OperationDescriptor): string {
  const parameter = renderArgsParameter(op);
  return `myko.${op.kind}('${op.id}'${parameter === '' ? '' : `, ${parameter}`}): Promise<${op.outputType}>`;
}

/**
 * The operation's arguments as one TypeScript parameter, `args?: { … }` when every one is optional, `''` when
 * there is none; `comment` may add a `/* … *\/` after an argument's type (search signatures' notes).
 */
export function renderArgsParameter(op: OperationDescriptor, comment?: (arg: OperationArgument) => string): string {
  if (op.args.length === 0) return '';
  const fields = op.args.map((arg) => {
    const key = IDENTIFIER.test(arg.name) ? arg.name : JSON.stringify(arg.name);
    return `${key}${arg.optional ? '?' : ''}: ${arg.tsType}${comment?.(arg) ?? ''}`;
  });
  const optional = op.args.every((arg) => arg.optional) ? '?' : '';
  return `args${optional}: { ${fields.join('; ')} }`;
}
