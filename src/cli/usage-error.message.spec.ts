import { parseCli } from './cli.parser';
import { CliUsageError } from './cli-usage.error';
import { HELP_POINTER, usageErrorMessage } from './usage-error.message';

/** What the launcher prints for `argv` (without its `myko-nest: ` prefix). */
function refusal(argv: string[]): string {
  try {
    parseCli(argv);
  } catch (error) {
    if (error instanceof CliUsageError) return usageErrorMessage(error);
    throw error;
  }
  throw new Error(`${argv.join(' ')} was accepted`);
}

describe('usageErrorMessage', () => {
  it.each([
    [['serve', '--prot', '3000'], 'unknown option --prot; did you mean --port?'],
    [['--prot=3000'], 'unknown option --prot=3000; did you mean --port?'],
    [['stdio', '--profile-nam', 'ops'], 'unknown option --profile-nam; did you mean --profile-name?'],
    [['--hepl'], 'unknown option --hepl; did you mean --help?'],
    [['server'], 'unknown command "server"; did you mean serve?'],
    [['studio'], 'unknown command "studio"; did you mean stdio?'],
    [['keygn'], 'unknown command "keygn"; did you mean keygen?'],
  ])('%j: the closest option or command, then the pointer to --help', (argv, first) => {
    expect(refusal(argv)).toBe(`${first}\n${HELP_POINTER}`);
  });

  it('names nothing when no option or command is close, and never prints the whole usage', () => {
    expect(refusal(['--frobnicate'])).toBe(`unknown option --frobnicate\n${HELP_POINTER}`);
    expect(refusal(['deploy'])).toBe(`unknown command "deploy"\n${HELP_POINTER}`);
    expect(refusal(['--port', '70000'])).toBe(`--port must be 0-65535, got "70000"\n${HELP_POINTER}`);
    expect(refusal(['--frobnicate'])).not.toContain('Usage:');
  });
});
