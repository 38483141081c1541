import { UriTemplate } from './uri-template';

describe('UriTemplate', () => {
  it('matches {var} expressions and decodes the values', () => {
    const template = new UriTemplate('test://template/{id}/data');
    expect(template.variables).toEqual(['id']);
    expect(template.match('test://template/123/data')).toEqual({ id: '123' });
    expect(template.match('test://template/a%20b/data')).toEqual({ id: 'a b' });
  });

  it('does not let a simple variable span a path segment, nor match partially', () => {
    const template = new UriTemplate('test://template/{id}/data');
    expect(template.match('test://template/1/2/data')).toBeUndefined();
    expect(template.match('test://template//data')).toBeUndefined();
    expect(template.match('test://template/1/data/extra')).toBeUndefined();
    expect(template.match('xtest://template/1/data')).toBeUndefined();
  });

  it('lets a {+var} reserved expression keep slashes', () => {
    const template = new UriTemplate('file:///{+path}');
    expect(template.match('file:///etc/hosts')).toEqual({ path: 'etc/hosts' });
  });

  it('treats regex characters of the literal part literally', () => {
    const template = new UriTemplate('myko://schema/{kind}/{id}.json?v=(1)');
    expect(template.match('myko://schema/query/GetOrders.json?v=(1)')).toEqual({ kind: 'query', id: 'GetOrders' });
    expect(template.match('myko://schema/query/GetOrdersXjson?v=(1)')).toBeUndefined();
  });

  it('rejects a malformed percent-encoding as no match', () => {
    expect(new UriTemplate('x://{id}').match('x://%E0%A4%A')).toBeUndefined();
  });

  it.each([
    ['x://{a,b}', /unsupported expression/],
    ['x://{?q}', /unsupported expression/],
    ['x://{a}/{a}', /appears twice/],
    ['x://{a', /unbalanced/],
    ['x://a}', /unbalanced/],
    ['x://plain', /at least one/],
  ])('refuses %s', (template, message) => {
    expect(() => new UriTemplate(template)).toThrow(message);
  });
});
