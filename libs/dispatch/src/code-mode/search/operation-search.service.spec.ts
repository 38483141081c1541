import { ClientFilters } from '@myko/filter';
import { OperationRegistry } from '@myko/registry';
import { DispatchHarness } from '../../__fixtures__/dispatch.harness';
import { OperationSearchService } from './operation-search.service';

const request = { query: 'late', limit: 20, detail: 'summary' as const };

describe('OperationSearchService', () => {
  it('builds the index at application bootstrap, when the registry is sealed', async () => {
    const harness = await DispatchHarness.create();
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
});
