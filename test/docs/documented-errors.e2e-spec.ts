import * as registry from '@myko/registry';
import { readDocs } from '../helpers/readme-example';

/** Every row `| \`Ctor(params)\` | \`new Ctor(args)\` | \`message\` | \`code\` |` of the README and docs/. */
function documentedErrors(): { signature: string; name: string; example: string; message: string; code: string }[] {
  const rows = readDocs().matchAll(
    /^ *\| `((\w+Error)\([^`]*\))` \| `(new \w+Error\([^`]*\))` \| `([^`]*)` \| `([^`]*)` \|$/gm,
  );
  return [...rows].map(([, signature, name, example, message, code]) => ({ signature, name, example, message, code }));
}

/** `NotFoundError(entity, key)`, `ConflictError(message, code?)`: the constructor's parameters as written in its source. */
function signatureOf(name: string, type: new (...args: never[]) => unknown): string {
  const params = /constructor\(([^)]*)\)/.exec(type.toString())?.[1] ?? '';
  const rendered = params
    .split(',')
    .map((param) => param.trim())
    .filter(Boolean)
    .map((param) => (param.includes('=') ? `${param.split('=')[0].trim()}?` : param));
  return `${name}(${rendered.join(', ')})`;
}

describe('the documented operation errors', () => {
  const errors = documentedErrors();

  it('are documented in the README and docs/plugins.md, NotFoundError beside ConflictError', () => {
    expect(errors.filter((e) => e.name === 'NotFoundError').length).toBeGreaterThanOrEqual(2);
    expect(errors.filter((e) => e.name === 'ConflictError').length).toBeGreaterThanOrEqual(2);
  });

  it.each(documentedErrors().map((e) => [e.example, e]))(
    '%s: the signature, message and code as documented',
    (_, e) => {
      const type = (registry as unknown as Record<string, new (...args: never[]) => registry.OperationError>)[e.name];
      expect(signatureOf(e.name, type)).toBe(e.signature);
      const error = new Function(...Object.keys(registry), `return ${e.example};`)(...Object.values(registry));
      expect(error).toBeInstanceOf(registry.OperationError);
      expect({ name: error.name, message: error.message, code: error.code }).toEqual({
        name: e.name,
        message: e.message,
        code: e.code,
      });
    },
  );
});
