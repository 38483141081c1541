/** Global TypeScript names a declared interface must not merge into or shadow. */
const RESERVED = new Set([
  'Array',
  'Boolean',
  'Date',
  'Error',
  'Function',
  'JSON',
  'Map',
  'Math',
  'Number',
  'Object',
  'Promise',
  'Record',
  'RegExp',
  'Set',
  'String',
  'Symbol',
  'Partial',
  'Required',
  'Readonly',
  'Pick',
  'Omit',
]);

/** `issue-comment` → `IssueComment`; a leading digit gets `T`; `prefix` starts it (`Billing`). */
export function pascalCase(text: string, prefix = ''): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter((word) => word.length > 0);
  const joined = words.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
  const name = `${prefix}${joined}` || 'Unnamed';
  return /^[0-9]/.test(name) ? `T${name}` : name;
}

/** `issues/list-for-repo` → `issuesListForRepo`: a JS identifier made of the text's words. */
export function camelCase(text: string): string {
  const pascal = pascalCase(text);
  const name = pascal[0].toLowerCase() + pascal.slice(1);
  return /^[0-9]/.test(name) ? `op${pascal}` : name;
}

/**
 * Unique TypeScript names for a document's component schemas, in document order: PascalCase, prefixed,
 * a number added on a clash, never a global type's name.
 */
export function typeNamesOf(components: readonly string[], prefix = ''): Map<string, string> {
  const taken = new Set<string>();
  const names = new Map<string, string>();
  for (const component of components) {
    const base = pascalCase(component, prefix);
    let name = RESERVED.has(base) ? `${base}Type` : base;
    for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
    taken.add(name);
    names.set(component, name);
  }
  return names;
}
