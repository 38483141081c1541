Object.defineProperty(exports, '__esModule', { value: true });
exports.textWords = textWords;
exports.queryWords = queryWords;
exports.camelCaseParts = camelCaseParts;
exports.camelCaseTails = camelCaseTails;
const WORD_SEPARATOR = /[^\p{L}\p{N}]+/u;
const CAMEL_PART = /\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{N}+/gu;
/** Lowercased words of free text (descriptions, queries): split on anything not a letter or digit. */
function textWords(text) {
  return text
    .toLowerCase()
    .split(WORD_SEPARATOR)
    .filter((word) => word.length > 0);
}
/** The distinct words of a search query, in order. */
function queryWords(query) {
  return query ? [...new Set(textWords(query))] : [];
}
/** `GetOrdersByHTTPStatus2` → `['get', 'orders', 'by', 'http', 'status', '2']`. */
function camelCaseParts(identifier) {
  return (identifier.match(CAMEL_PART) ?? []).map((part) => part.toLowerCase());
}
/**
 * Every camelCase-aligned tail of an identifier, so that a query word which is a prefix of a tail
 * matches the middle of an id: `GetOrdersByCustomer` → `ordersbycustomer`, `bycustomer`, `customer`.
 */
function camelCaseTails(parts) {
  const tails = [];
  for (let i = 1; i < parts.length; i++) tails.push(parts.slice(i).join(''));
  return tails;
}
