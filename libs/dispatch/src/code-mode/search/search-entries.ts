import {
  type OperationArgument,
  type OperationDescriptor,
  renderOutputShape,
  renderTypeDeclarations,
} from '@myko/registry';
import { renderDeclaration } from './operation-declaration';
import type { OperationDetail, OperationSummary } from './search-result.interface';

/**
 * What `search` returns per operation, built on first need and kept. Entries are frozen: a page
 * hands out the same objects every time, and their JSON text is cached by identity
 * (`SearchResultJson`).
 */
export class SearchEntries {
  private readonly summaries: (OperationSummary | undefined)[];
  private readonly details: (OperationDetail | undefined)[];

  constructor(private readonly ops: readonly OperationDescriptor[]) {
    this.summaries = new Array(ops.length);
    this.details = new Array(ops.length);
  }

  summary(index: number): OperationSummary {
    let summary = this.summaries[index];
    if (!summary) {
      summary = Object.freeze(toSummary(this.ops[index]));
      this.summaries[index] = summary;
    }
    return summary;
  }

  /** The summary plus the call's declaration and the schemas (`detail: 'full'`). */
  detail(index: number): OperationDetail {
    let detail = this.details[index];
    if (!detail) {
      const op = this.ops[index];
      const types = renderTypeDeclarations(op.inputSchema, op.outputType, op.outputSchema);
      const full: OperationDetail = {
        ...this.summary(index),
        declaration: renderDeclaration(op),
        ...(types === '' ? {} : { types }),
        inputSchema: op.inputSchema,
      };
      if (op.outputSchema) full.outputSchema = op.outputSchema;
      detail = Object.freeze(full);
      this.details[index] = detail;
    }
    return detail;
  }
}

function toSummary(op: OperationDescriptor): OperationSummary {
  const args = Object.freeze(op.args.map((arg) => Object.freeze({ ...arg }))) as OperationArgument[];
  const summary: OperationSummary = op.description
    ? { id: op.id, kind: op.kind, description: op.description, args, outputType: op.outputType }
    : { id: op.id, kind: op.kind, args, outputType: op.outputType };
  const shape = renderOutputShape(op.outputType, op.outputSchema);
  if (shape !== undefined) summary.output = shape;
  if (op.watchable) summary.watchable = true;
  return summary;
}
