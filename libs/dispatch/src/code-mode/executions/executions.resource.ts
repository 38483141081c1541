import { Injectable } from '@nestjs/common';
import { EXECUTE_TOOL } from '../../dispatch.constants';
import { InvalidParamsError, ResourceNotFoundError } from '../../errors';
import { CodeModeResourceSource } from '../../features/resources/code-mode-resource.source';
import { ToolModeResolver } from '../../features/tools/tool-mode.resolver';
import type { RequestContext } from '../../interfaces/request-context.interface';
import { principalOf } from '../../protocol/fairness/work-identity';
import { ExecutionLedger } from './execution.ledger';
import { ExecutionQueryError, parseExecutionQuery } from './execution.query';

/** The caller's own executions: `myko://executions`, narrowed by `?state=paused&limit=20&cursor=<next>`. */
export const EXECUTIONS_URI = 'myko://executions';

const MIME_TYPE = 'application/json';
/** What the URI's query may say; `principal` is not among them: it is always the caller. */
const FILTERS = ['state', 'limit', 'cursor'];

const DESCRIPTION =
  'Your own durable executions of `execute` kept now, newest first: id, state, when, how many calls, what a ' +
  'paused one waits for and any decision. `?state=paused` lists the paused ones; a page holds `limit` (default 50, ' +
  'at most 200); read `myko://executions?cursor=<next>` for the page after.';

/**
 * `myko://executions`: the executions of the caller's principal (its API key or token identity, else its address),
 * never another's, as the same summaries the admin listing gives. Served in Code Mode to a client that sees
 * `execute`; for any other the URI is unknown (-32002).
 */
@Injectable()
export class ExecutionsResource extends CodeModeResourceSource {
  constructor(
    private readonly ledger: ExecutionLedger,
    private readonly modes: ToolModeResolver,
  ) {
    super();
  }

  list(request: RequestContext): Record<string, unknown>[] {
    if (!this.serves(request)) return [];
    return [
      {
        uri: EXECUTIONS_URI,
        name: 'executions',
        title: 'My executions',
        description: DESCRIPTION,
        mimeType: MIME_TYPE,
      },
    ];
  }

  handles(uri: string): boolean {
    return uri === EXECUTIONS_URI || uri.startsWith(`${EXECUTIONS_URI}?`);
  }

  async read(uri: string, request: RequestContext): Promise<Record<string, unknown>> {
    if (!this.handles(uri) || !this.serves(request)) throw new ResourceNotFoundError(uri);
    const query = { ...queryOf(uri), principal: principalOf(request.client) };
    const listing = await this.ledger.list(query);
    return { contents: [{ uri, mimeType: MIME_TYPE, text: JSON.stringify(listing) }] };
  }

  private serves(request: RequestContext): boolean {
    return this.modes.modeOf(request.client) !== 'direct' && request.client.filters.isMetaToolVisible(EXECUTE_TOOL);
  }
}

/** The listing's filters from the URI's query string. */
function queryOf(uri: string) {
  const params = new URLSearchParams(uri.slice(EXECUTIONS_URI.length + 1));
  const input: Record<string, string> = {};
  for (const [name, value] of params) {
    if (!FILTERS.includes(name))
      throw new InvalidParamsError(`${EXECUTIONS_URI} takes ${FILTERS.join(', ')}, not ${name}`);
    if (name in input) throw new InvalidParamsError(`${EXECUTIONS_URI}: ${name} given twice`);
    input[name] = value;
  }
  try {
    return parseExecutionQuery(input);
  } catch (error) {
    if (error instanceof ExecutionQueryError) throw new InvalidParamsError(`${EXECUTIONS_URI}: ${error.message}`);
    throw error;
  }
}
