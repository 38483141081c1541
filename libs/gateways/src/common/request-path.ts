/** The path of a request target without its query, lower-cased (Express matches routes case-insensitively). */
export function requestPath(url = '/'): string {
  const query = url.indexOf('?');
  return (query === -1 ? url : url.slice(0, query)).toLowerCase();
}
