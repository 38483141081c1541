const WORD_SEPARATOR = /[^\p{L}\p{N}]+/u;
const CAMEL_PART = /\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{N}+/gu;

/** Lowercased words of free text (descriptions, queries): split on anything not a letter or digit. */
export function textWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(WORD_SEPARATOR)
    .filter((word) => word.length > 0);
}

/** `GetOrdersByHTTPStatus2` → `['get', 'orders', 'by', 'http', 'status', '2']`. */
export function camelCaseParts(identifier: string): string[] {
  return (identifier.match(CAMEL_PART) ?? []).map((part) => part.toLowerCase());
}
