import { loadOpenApiDocument } from '../document/openapi-document.loader';
import type { ConnectorOperation } from '../interfaces/connector-operation.interface';
import { schemaValidator } from '../validation/connector-arguments.validator';
import { mapDocument } from './openapi-operation.mapper';

const DOCUMENT = `${__dirname}/../../../../test/fixtures/openapi/tickets/tickets.openapi.yaml`;

describe('mapDocument over the tickets document (YAML, $refs)', () => {
  let byId: Map<string, ConnectorOperation>;

  beforeAll(async () => {
    const { document } = await loadOpenApiDocument('tickets', DOCUMENT);
    const { operations, skipped } = mapDocument(document, {
      name: 'tickets',
      document: DOCUMENT,
      prefix: 'tickets',
      operations: { getTicket: { reads: ['Ticket'] }, updateTicketStatus: { writes: ['Ticket'] } },
    });
    expect(skipped).toEqual([]);
    byId = new Map(operations.map((op) => [op.apiId, op]));
  });

  it('makes GET a query and the other methods commands, with prefixed ids from operationId or method + path', () => {
    expect([...byId.values()].map((op) => `${op.kind}_${op.id}`)).toEqual(
      expect.arrayContaining([
        'query_tickets_listTickets',
        'command_tickets_createTicket',
        'query_tickets_getTicket',
        'command_tickets_updateTicketStatus',
        'command_tickets_deleteTicket',
        'command_tickets_postTicketsByTicketIdComments',
        'query_tickets_getHealth',
      ]),
    );
    expect(byId.get('deleteTicket')).toMatchObject({ destructive: true, idempotent: true });
    expect(byId.get('createTicket')).toMatchObject({ destructive: false, idempotent: false });
  });

  it('takes parameters (path item and $ref ones) and flattens an object body into arguments', () => {
    const create = byId.get('createTicket') as ConnectorOperation;
    expect(Object.keys(create.input.properties as object)).toEqual(['title', 'priority', 'assignee']);
    expect(create.input.required).toEqual(['title']);
    expect(create.input.additionalProperties).toBe(false);
    expect((create.input.properties as Record<string, unknown>).assignee).toEqual({ type: ['string', 'null'] });
    const list = byId.get('listTickets') as ConnectorOperation;
    expect(list.input.properties).toMatchObject({
      status: { $ref: '#/$defs/TicketStatus' },
      limit: { type: 'integer', default: 20, description: 'Most tickets answered' },
    });
    expect(list.defaults).toEqual({ limit: 20 });
    const comment = byId.get('postTicketsByTicketIdComments') as ConnectorOperation;
    expect(comment.bindings.map((b) => `${b.in}:${b.arg}`)).toEqual([
      'path:ticketId',
      'header:X-Request-Id',
      'bodyProperty:text',
    ]);
    expect(comment.input.required).toEqual(['ticketId', 'text']);
  });

  it('names result types after the components, with their $defs', () => {
    expect(byId.get('listTickets')?.outputType).toBe('Ticket[]');
    expect(byId.get('getTicket')?.outputType).toBe('Ticket');
    expect(Object.keys(byId.get('getTicket')?.output?.$defs as object).sort()).toEqual([
      'Comment',
      'Priority',
      'TicketStatus',
    ]);
    expect(byId.get('deleteTicket')?.outputType).toBe('void');
    expect(byId.get('slowStatus')?.outputType).toBe('string');
    expect(byId.get('flakyStatus')?.outputType).toBe('FlakyStatusResult');
  });

  it('feeds search with the summary, description, tags, x-keywords and the path', () => {
    const list = byId.get('listTickets') as ConnectorOperation;
    expect(list.description).toBe(
      'List support tickets, newest first. Filter by status; the backend answers at most limit tickets.',
    );
    expect(list.keywords).toEqual(['tickets', 'helpdesk', 'support requests', 'issues', 'GET /tickets']);
  });

  it('keeps the reads and writes of the overrides', () => {
    expect(byId.get('getTicket')?.reads).toEqual(['Ticket']);
    expect(byId.get('updateTicketStatus')?.writes).toEqual(['Ticket']);
  });

  it('normalises an enum argument case-insensitively to its member, and validates against the schema', () => {
    const update = byId.get('updateTicketStatus') as ConnectorOperation;
    expect(update.normalizers.get('status')?.('CLOSED')).toBe('closed');
    const validate = schemaValidator('command_tickets_updateTicketStatus', update.input);
    expect(validate({ ticketId: 1, status: 'closed' })).toEqual({ ticketId: 1, status: 'closed' });
    const message = () => {
      try {
        validate({ ticketId: 0, status: 'gone', extra: 1 });
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(message()).toContain('ticketId: must be >= 1');
    expect(message()).toContain('status: must be equal to one of the allowed values');
    expect(message()).toContain('extra: unknown argument');
    expect(() => validate({})).toThrow(/ticketId: required argument is missing, status: required argument is missing/);
  });
});
