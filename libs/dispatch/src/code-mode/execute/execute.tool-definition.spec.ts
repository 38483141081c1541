import { executeToolDefinition } from './execute.tool-definition';

describe('executeToolDefinition', () => {
  it('says TypeScript is accepted only when scripts are type-checked, in the fewest bytes', () => {
    const plain = executeToolDefinition(30_000);
    const checked = executeToolDefinition(30_000, true);
    expect(plain.description).not.toMatch(/TypeScript/);
    expect(checked.description).toContain('Runs an async JavaScript (or TypeScript) function body in a sandbox.');
    expect(checked.description.length - plain.description.length).toBeLessThanOrEqual(16);
  });
});
