import { executeToolDefinition } from './execute.tool-definition';

describe('executeToolDefinition', () => {
  it('says scripts are type-checked only when they are, in the fewest bytes', () => {
    const plain = executeToolDefinition(30_000);
    const checked = executeToolDefinition(30_000, true);
    expect(plain.description).not.toMatch(/type-checked/);
    expect(checked.description).toContain('commands are only listed. TypeScript or JavaScript; type-checked first.\n');
    expect(checked.description.length - plain.description.length).toBeLessThanOrEqual(48);
  });
});
