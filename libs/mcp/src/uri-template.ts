const EXPRESSION = /\{([^{}]*)\}/g;
const VARIABLE_NAME = /^[A-Za-z0-9_]+$/;

/** A parsed RFC 6570 template limited to `{var}` (level 1) and `{+var}` (level 2 reserved) expressions. */
export class UriTemplate {
  /** Variable names in template order. */
  readonly variables: readonly string[];
  private readonly pattern: RegExp;

  /** @throws Error naming the unsupported or malformed expression */
  constructor(readonly template: string) {
    const variables: string[] = [];
    let source = '';
    let last = 0;
    for (const match of template.matchAll(EXPRESSION)) {
      source += escapeRegExp(template.slice(last, match.index));
      const [reserved, name] = parseExpression(match[1]);
      if (variables.includes(name)) throw new Error(`variable {${name}} appears twice`);
      variables.push(name);
      // A simple expansion percent-encodes `/`, `?` and `#`; a reserved one keeps them (not `#`).
      source += reserved ? '([^#]+?)' : '([^/?#]+)';
      last = (match.index ?? 0) + match[0].length;
    }
    const rest = template.slice(last);
    if (/[{}]/.test(rest) || /[{}]/.test(template.replace(EXPRESSION, ''))) throw new Error('unbalanced braces');
    source += escapeRegExp(rest);
    if (variables.length === 0) throw new Error('a template needs at least one {variable}');
    this.variables = Object.freeze(variables);
    this.pattern = new RegExp(`^${source}$`);
  }

  /** The decoded variables when `uri` matches the whole template, else undefined. */
  match(uri: string): Record<string, string> | undefined {
    const found = this.pattern.exec(uri);
    if (!found) return undefined;
    const values: Record<string, string> = {};
    try {
      this.variables.forEach((name, i) => {
        values[name] = decodeURIComponent(found[i + 1]);
      });
    } catch {
      return undefined;
    }
    return values;
  }
}

function parseExpression(body: string): [reserved: boolean, name: string] {
  const reserved = body.startsWith('+');
  const name = reserved ? body.slice(1) : body;
  if (!VARIABLE_NAME.test(name)) {
    throw new Error(`unsupported expression {${body}}: only {name} and {+name} are supported`);
  }
  return [reserved, name];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
