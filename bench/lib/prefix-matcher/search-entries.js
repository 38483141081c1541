Object.defineProperty(exports, '__esModule', { value: true });
exports.SearchEntries = void 0;
const operation_declaration_1 = require('./operation-declaration');
/**
 * What `search` returns per operation, built on first need and kept. Entries are frozen: a page
 * hands out the same objects every time, and their JSON text is cached by identity
 * (`SearchResultJson`).
 */
class SearchEntries {
  constructor(ops) {
    this.ops = ops;
    this.summaries = new Array(ops.length);
    this.details = new Array(ops.length);
  }
  summary(index) {
    let summary = this.summaries[index];
    if (!summary) {
      summary = Object.freeze(toSummary(this.ops[index]));
      this.summaries[index] = summary;
    }
    return summary;
  }
  /** The summary plus the call's declaration and the schemas (`detail: 'full'`). */
  detail(index) {
    let detail = this.details[index];
    if (!detail) {
      const op = this.ops[index];
      const full = {
        ...this.summary(index),
        declaration: operation_declaration_1.renderDeclaration(op),
        inputSchema: op.inputSchema,
      };
      if (op.outputSchema) full.outputSchema = op.outputSchema;
      detail = Object.freeze(full);
      this.details[index] = detail;
    }
    return detail;
  }
}
exports.SearchEntries = SearchEntries;
function toSummary(op) {
  const args = Object.freeze(op.args.map((arg) => Object.freeze({ ...arg })));
  return op.description
    ? { id: op.id, kind: op.kind, description: op.description, args, outputType: op.outputType }
    : { id: op.id, kind: op.kind, args, outputType: op.outputType };
}
