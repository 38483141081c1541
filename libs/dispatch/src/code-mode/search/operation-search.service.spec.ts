import { ClientFilters } from '@myko/filter';
import { OperationRegistry } from '@myko/registry';
import { DispatchHarness, NO_SCRIPTS } from '../../__fixtures__/dispatch.harness';
import { OperationSearchService } from './operation-search.service';

const request = { query: 'late', limit: 20, detail: 'summary' as const };

describe('OperationSearchService', () => {
  it('builds the index at application bootstrap, when the registry is sealed', async () => {
    const harness = await DispatchHarness.create(NO_SCRIPTS);
    try {
      const registry = harness.moduleRef.get(OperationRegistry);
      expect(registry.isSealed).toBe(true);
      expect(harness.moduleRef.get(OperationSearchService).isIndexed).toBe(true);
    } finally {
      await harness.close();
    }
  });

  it('outside Nest, builds on first use and again only when the operation list changed', () => {
    const registry = new OperationRegistry();
    const service = new OperationSearchService(registry);
    registry.register({ kind: 'query', id: 'Early', description: 'early bird', handler: () => 1, source: 'spec' });
    expect(service.isIndexed).toBe(false);
    const first = service.getIndex();
    expect(service.isIndexed).toBe(true);
    expect(service.getIndex()).toBe(first);
    registry.register({ kind: 'query', id: 'LateComer', description: '', handler: () => 1, source: 'spec' });
    expect(service.isIndexed).toBe(false);
    expect(service.search(request, ClientFilters.ALLOW_ALL).operations.map((op) => op.id)).toEqual(['LateComer']);
    expect(service.getIndex()).not.toBe(first);
  });

  it("marks a command's approval (its own, or the caller's profile rule) and its plan-mode preview", () => {
    const registry = new OperationRegistry();
    const service = new OperationSearchService(registry);
    const command = (id: string, extra: object) =>
      registry.register({
        kind: 'command',
        id,
        description: `${id} stock`,
        handler: () => 1,
        source: 'spec',
        ...extra,
      });
    command('Purge', { approval: true });
    command('Reprice', { preview: () => ({}) });
    command('Restock', {});
    const marks = (filters: ClientFilters) =>
      service
        .search({ query: 'stock', limit: 20, detail: 'summary' }, filters)
        .operations.map(({ id, approval, preview }) => ({ id, approval, preview }));
    expect(marks(ClientFilters.ALLOW_ALL)).toEqual(
      expect.arrayContaining([
        { id: 'Purge', approval: true, preview: undefined },
        { id: 'Reprice', approval: undefined, preview: true },
        { id: 'Restock', approval: undefined, preview: undefined },
      ]),
    );
    const ops = ClientFilters.from({ approval: ['command_Restock'] }, 'profiles.ops');
    expect(marks(ops)).toContainEqual({ id: 'Restock', approval: true, preview: undefined });
    // The shared entry is not changed for other clients.
    expect(marks(ClientFilters.ALLOW_ALL)).toContainEqual({ id: 'Restock', approval: undefined, preview: undefined });
  });
});
