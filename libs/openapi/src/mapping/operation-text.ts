import { MAX_ARGUMENT_CHARS, MAX_DESCRIPTION_CHARS } from '../openapi-connector.constants';

type Json = Record<string, unknown>;

/** `[text](url)` → `text`, and whitespace runs → one space: what a model reads in a search line. */
function plain(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]{1,2}([^`*_]+)[`*_]{1,2}/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

function bounded(text: string): string {
  if (text.length <= MAX_DESCRIPTION_CHARS) return text;
  const cut = text.slice(0, MAX_DESCRIPTION_CHARS - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > MAX_DESCRIPTION_CHARS / 2 ? cut.slice(0, space) : cut}…`;
}

/** The summary, then the first paragraph of the description, bounded: search's line for the operation. */
export function describeOperation(operation: Json, method: string, path: string): string {
  const summary = typeof operation.summary === 'string' ? plain(operation.summary) : '';
  const paragraph = typeof operation.description === 'string' ? plain(operation.description.split(/\n\s*\n/)[0]) : '';
  const parts = [summary, paragraph === summary ? '' : paragraph].filter((part) => part.length > 0);
  const text = parts.map((part) => (/[.!?]$/.test(part) ? part : `${part}.`)).join(' ') || `${method} ${path}.`;
  return bounded(operation.deprecated === true ? `Deprecated. ${text}` : text);
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * The first sentence of an argument's description, bounded: what search lists beside the argument
 * (documents such as GitHub's write a paragraph per parameter, which would crowd the operation's
 * own words out of its ranking and cost an agent tokens).
 */
export function briefArgument(description: string): string {
  const text = plain(description);
  const sentence = /^(.+?[.!?])(\s|$)/.exec(text)?.[1] ?? text;
  return sentence.length <= MAX_ARGUMENT_CHARS ? sentence : `${sentence.slice(0, MAX_ARGUMENT_CHARS - 1)}…`;
}

/**
 * Search words the description may not hold: the tags, `x-keywords`/`x-tags`, the method and path
 * (`GET /tickets/{ticketId}`) and the path's words (`tickets`).
 */
export function keywordsOf(operation: Json, method: string, path: string): string[] {
  const pathWords = path
    .split('/')
    .filter((segment) => segment.length > 0 && !segment.startsWith('{'))
    .map((segment) => segment.replace(/[-_.]+/g, ' '));
  const words = [
    ...strings(operation.tags),
    ...strings(operation['x-keywords']),
    ...strings(operation['x-tags']),
    `${method} ${path}`,
    ...pathWords,
  ];
  return [...new Set(words.map((word) => word.trim()).filter((word) => word.length > 0))];
}
