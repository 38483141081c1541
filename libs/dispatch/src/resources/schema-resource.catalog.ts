import type { ClientFilters } from '@myko/filter';
import { type OperationDescriptor, OperationRegistry } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { RESOURCE_PAGE_SIZE, SCHEMA_URI_TEMPLATE } from '../dispatch.constants';
import { InvalidParamsError, ResourceNotFoundError } from '../errors';
import { OperationSearchService } from '../search/operation-search.service';
import { decodeCursor, encodeCursor } from '../search/search.cursor';
import { operationNameOfUri, schemaUriOf } from './schema-uri';

const MIME_TYPE = 'application/json';
const LIST_SCOPE = 'resources/list';

/**
 * The input JSON Schema of every visible operation as a resource, `myko://schema/<kind>/<id>`.
 * Hidden, unknown and malformed URIs all answer the same -32002, so nothing hidden can be probed.
 */
@Injectable()
export class SchemaResourceCatalog {
  constructor(
    private readonly registry: OperationRegistry,
    private readonly searchService: OperationSearchService,
  ) {}

  list(cursor: unknown, filters: ClientFilters): Record<string, unknown> {
    const offset = this.offsetOf(cursor);
    const index = this.searchService.getIndex();
    const visible = index.match([], undefined, filters);
    const page = visible.slice(offset, offset + RESOURCE_PAGE_SIZE);
    const resources = page.map((i) => toResource(index.operation(i)));
    const next = offset + page.length;
    return next < visible.length ? { resources, nextCursor: encodeCursor(next, LIST_SCOPE) } : { resources };
  }

  read(uri: string, filters: ClientFilters): Record<string, unknown> {
    const name = operationNameOfUri(uri);
    const op = name === undefined ? undefined : this.registry.get(name);
    if (!op || !filters.isVisible(op.name)) throw new ResourceNotFoundError(uri);
    return { contents: [{ uri, mimeType: MIME_TYPE, text: JSON.stringify(op.inputSchema, null, 2) }] };
  }

  templates(): Record<string, unknown> {
    return {
      resourceTemplates: [
        {
          uriTemplate: SCHEMA_URI_TEMPLATE,
          name: 'operation-input-schema',
          title: 'Operation input schema',
          description: 'JSON Schema (2020-12) of the arguments of one operation, by kind and id.',
          mimeType: MIME_TYPE,
        },
      ],
    };
  }

  private offsetOf(cursor: unknown): number {
    if (cursor === undefined) return 0;
    const offset = typeof cursor === 'string' ? decodeCursor(cursor, LIST_SCOPE) : undefined;
    if (offset === undefined) throw new InvalidParamsError('invalid cursor');
    return offset;
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
