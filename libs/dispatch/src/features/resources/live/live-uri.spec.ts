import { InvalidParamsError } from '../../../errors';
import { liveUri, MAX_LIVE_URI_LENGTH, parseLiveUri } from './live-uri';

describe('live URIs', () => {
  it('parses kind, id and URL-encoded JSON arguments, and round-trips with liveUri', () => {
    const uri = liveUri('report', 'LowStock', { warehouseCode: 'BER', limit: 5 });
    expect(uri).toBe('myko://live/report/LowStock?args=%7B%22warehouseCode%22%3A%22BER%22%2C%22limit%22%3A5%7D');
    expect(parseLiveUri(uri)).toEqual({
      kind: 'report',
      id: 'LowStock',
      name: 'report_LowStock',
      args: { warehouseCode: 'BER', limit: 5 },
    });
    expect(parseLiveUri('myko://live/query/ListCategories')).toMatchObject({ name: 'query_ListCategories', args: {} });
    expect(liveUri('query', 'ListCategories', {})).toBe('myko://live/query/ListCategories');
  });

  it('is not concerned with other URIs', () => {
    expect(parseLiveUri('myko://schema/query/ListCategories')).toBeUndefined();
    expect(parseLiveUri('myko://inventory/low-stock')).toBeUndefined();
  });

  it.each([
    ['myko://live/command/PlaceOrder', /query, view or report/],
    ['myko://live/widget/ListThings', /query, view or report/],
    ['myko://live/query/not-an-id', /operation id/],
    ['myko://live/query', /operation id/],
    ['myko://live/query/A?args=[1,2]', /JSON object/],
    ['myko://live/query/A?args=null', /JSON object/],
    ['myko://live/query/A?args={"a":', /not valid JSON/],
    ['myko://live/query/A?args={}&args={}', /once/],
    ['myko://live/query/A?other=1', /only query parameter/],
    [`myko://live/query/A?args=${'x'.repeat(MAX_LIVE_URI_LENGTH)}`, /longer than/],
  ])('refuses %s with a reason', (uri, reason) => {
    let error: unknown;
    try {
      parseLiveUri(uri);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(InvalidParamsError);
    expect((error as Error).message).toMatch(reason);
  });
});
