import {
  type OperationArgument,
  type OperationDescriptor,
  renderOutputShape,
  renderTypeDeclarations,
} from '@myko/registry';
import { oneLineDescription } from './one-line-description';
import { renderDeclaration } from './operation-declaration';
import { renderSignature, type SignatureType, signatureTypes } from './operation-signature';
import type { OperationDetail, OperationSummary, SearchEntry } from './search-result.interface';

/**
 * What `search` says per operation, built on first need and kept: the compact entry (one line),
 * the confident one (signature and whole description), the types its signature mentions, and the
 * full detail. Entries are frozen: a page hands out the same objects every time, and their text is
 * cached by identity (`SearchNotation`, `SearchResultJson`).
 */
export class SearchEntries {
  private readonly compacts: (SearchEntry | undefined)[];
  private readonly confidents: (SearchEntry | undefined)[];
  private readonly typeLists: (readonly SignatureType[] | undefined)[];
  private readonly details: (OperationDetail | undefined)[];

  constructor(private readonly ops: readonly OperationDescriptor[]) {
    this.compacts = new Array(ops.length);
    this.confidents = new Array(ops.length);
    this.typeLists = new Array(ops.length);
    this.details = new Array(ops.length);
  }

  /** `{ id, kind, description: its first sentence, watchable?, approval?, preview? }`. */
  compact(index: number): SearchEntry {
    return frozenOnce(this.compacts, index, () => {
      const op = this.ops[index];
      return toEntry(op, oneLineDescription(op.description));
    });
  }

  /** `{ id, kind, description, signature, watchable?, approval?, preview? }`: how to call it. */
  confident(index: number): SearchEntry {
    return frozenOnce(this.confidents, index, () => {
      const op = this.ops[index];
      const description = op.description.replace(/\s+/g, ' ').trim() || undefined;
      return toEntry(op, description, renderSignature(op));
    });
  }

  /** The named types the confident entry's signature mentions. */
  types(index: number): readonly SignatureType[] {
    return frozenOnce(this.typeLists, index, () => signatureTypes(this.ops[index]));
  }

  /** Today's summary plus the call's declaration and the schemas (`detail: 'full'`). */
  detail(index: number): OperationDetail {
    return frozenOnce(this.details, index, () => {
      const op = this.ops[index];
      const types = renderTypeDeclarations(op.inputSchema, op.outputType, op.outputSchema);
      const full: OperationDetail = {
        ...toSummary(op),
        declaration: renderDeclaration(op),
        ...(types === '' ? {} : { types }),
        inputSchema: op.inputSchema,
      };
      if (op.outputSchema) full.outputSchema = op.outputSchema;
      return full;
    });
  }
}

/** `cache[index]`, built and frozen on first need: entries are handed out again and again as the same object. */
function frozenOnce<T>(cache: (T | undefined)[], index: number, build: () => T): T {
  let value = cache[index];
  if (value === undefined) {
    value = Object.freeze(build());
    cache[index] = value;
  }
  return value;
}

function toEntry(op: OperationDescriptor, description: string | undefined, signature?: string): SearchEntry {
  const entry: SearchEntry = { id: op.id, kind: op.kind };
  if (description !== undefined) entry.description = description;
  if (signature !== undefined) entry.signature = signature;
  if (op.watchable) entry.watchable = true;
  if (op.approval) entry.approval = true;
  if (op.hasPreview) entry.preview = true;
  return entry;
}

function toSummary(op: OperationDescriptor): OperationSummary {
  const args = Object.freeze(op.args.map((arg) => Object.freeze({ ...arg }))) as OperationArgument[];
  const summary: OperationSummary = op.description
    ? { id: op.id, kind: op.kind, description: op.description, args, outputType: op.outputType }
    : { id: op.id, kind: op.kind, args, outputType: op.outputType };
  const shape = renderOutputShape(op.outputType, op.outputSchema);
  if (shape !== undefined) summary.output = shape;
  if (op.watchable) summary.watchable = true;
  if (op.approval) summary.approval = true;
  if (op.hasPreview) summary.preview = true;
  return summary;
}
