Object.defineProperty(exports, '__esModule', { value: true });
exports.renderDeclaration = renderDeclaration;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/**
 * The call as a model would write it inside `execute`, in TypeScript terms:
 * `myko.query('GetOrders', args: { customerId: number; limit?: number }): Promise<Order[]>`.
 */
function renderDeclaration(op) {
  return `myko.${op.kind}('${op.id}'${renderArgs(op)}): Promise<${op.outputType}>`;
}
function renderArgs(op) {
  if (op.args.length === 0) return '';
  const fields = op.args.map((arg) => {
    const key = IDENTIFIER.test(arg.name) ? arg.name : JSON.stringify(arg.name);
    return `${key}${arg.optional ? '?' : ''}: ${arg.tsType}`;
  });
  const optional = op.args.every((arg) => arg.optional) ? '?' : '';
  return `, args${optional}: { ${fields.join('; ')} }`;
}
