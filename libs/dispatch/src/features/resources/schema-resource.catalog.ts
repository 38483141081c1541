import type { ClientFilters } from '@myko/filter';
import { type OperationDescriptor, OperationRegistry } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { SCHEMA_URI_TEMPLATE } from '../../dispatch.constants';
import { ResourceNotFoundError } from '../../errors';
import { operationNameOfUri, schemaUriOf } from './schema-uri';
import { VisibleOperations } from './visible-operations';

const MIME_TYPE = 'application/json';

/** The visible schema resources of one client, to be paged without building them all. */
export interface SchemaResourceList {
  readonly count: number;
  /** `resources/list` items from `start` (inclusive) to `end` (exclusive). */
  slice(start: number, end: number): Record<string, unknown>[];
}

/**
 * The input JSON Schema of every visible operation as a resource, `myko://schema/<kind>/<id>`.
 * Hidden, unknown and malformed URIs all answer the same -32002, so nothing hidden can be probed.
 */
@Injectable()
export class SchemaResourceCatalog {
  constructor(
    private readonly registry: OperationRegistry,
    private readonly operations: VisibleOperations,
  ) {}

  /** The client's visible operations in index order. */
  visible(filters: ClientFilters): SchemaResourceList {
    const visible = this.operations.visible(filters);
    return { count: visible.count, slice: (start, end) => visible.slice(start, end).map(toResource) };
  }

  /** The operation a schema URI names, when it exists and is visible. */
  has(uri: string, filters: ClientFilters): boolean {
    return this.find(uri, filters) !== undefined;
  }

  read(uri: string, filters: ClientFilters): Record<string, unknown> {
    const op = this.find(uri, filters);
    if (!op) throw new ResourceNotFoundError(uri);
    return { contents: [{ uri, mimeType: MIME_TYPE, text: JSON.stringify(op.inputSchema, null, 2) }] };
  }

  template(): Record<string, unknown> {
    return {
      uriTemplate: SCHEMA_URI_TEMPLATE,
      name: 'operation-input-schema',
      title: 'Operation input schema',
      description: 'JSON Schema (2020-12) of the arguments of one operation, by kind and id.',
      mimeType: MIME_TYPE,
    };
  }

  private find(uri: string, filters: ClientFilters): OperationDescriptor | undefined {
    const name = operationNameOfUri(uri);
    const op = name === undefined ? undefined : this.registry.get(name);
    return op && filters.isVisible(op.name) ? op : undefined;
  }
}

function toResource(op: OperationDescriptor): Record<string, unknown> {
  return {
    uri: schemaUriOf(op),
    name: op.name,
    title: `${op.id} (${op.kind}) arguments`,
    description: op.description ? `Arguments of ${op.name}: ${op.description}` : `Arguments of ${op.name}`,
    mimeType: MIME_TYPE,
  };
}
