import { Injectable } from '@nestjs/common';
import { InvalidParamsError } from '../errors';
import type { RequestContext } from '../interfaces/request-context.interface';
import type { JsonRpcParams } from '../json-rpc/json-rpc.message';
import { SchemaResourceCatalog } from '../resources/schema-resource.catalog';

/** `resources/list`, `resources/read` and `resources/templates/list`. */
@Injectable()
export class ResourcesHandler {
  constructor(private readonly catalog: SchemaResourceCatalog) {}

  list(params: JsonRpcParams, request: RequestContext): Record<string, unknown> {
    return this.catalog.list(params.cursor, request.client.filters);
  }

  read(params: JsonRpcParams, request: RequestContext): Record<string, unknown> {
    if (typeof params.uri !== 'string') throw new InvalidParamsError('`uri` must be a string');
    return this.catalog.read(params.uri, request.client.filters);
  }

  /** The one template fits on a page; any cursor is one this server never issued. */
  templates(params: JsonRpcParams): Record<string, unknown> {
    if (params.cursor !== undefined) throw new InvalidParamsError('invalid cursor');
    return this.catalog.templates();
  }
}
