import type { OperationDescriptor } from '@myko/registry';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * The call as a model would write it inside `execute`, in TypeScript terms:
 * `myko.query('GetOrders', args: { customerId: number; limit?: number }): Promise<Order[]>`.
 */
export function renderDeclaration(op: OperationDescriptor): string {
  return `myko.${op.kind}('${op.id}'${renderArgs(op)}): Promise<${op.outputType}>`;
}

function renderArgs(op: OperationDescriptor): string {
  if (op.args.length === 0) return '';
  const fields = op.args.map((arg) => {
    const key = IDENTIFIER.test(arg.name) ? arg.name : JSON.stringify(arg.name);
    return `${key}${arg.optional ? '?' : ''}: ${arg.tsType}`;
  });
  const optional = op.args.every((arg) => arg.optional) ? '?' : '';
  return `, args${optional}: { ${fields.join('; ')} }`;
}
