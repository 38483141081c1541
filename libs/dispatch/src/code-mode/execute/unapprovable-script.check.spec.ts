import type { RequestContext } from '../../interfaces/request-context.interface';
import { ApprovalDoors } from './approval-doors';
import { unapprovableCommands } from './unapprovable-script.check';
import { UnapprovableScriptError } from './unapprovable-script.error';

const gated = (name: string) => name === 'command_DeactivateProduct';
const SCRIPT = `
  await myko.command('RestockProduct', { productId: 1 });
  await myko.command('DeactivateProduct', { productId: 1 });
  await myko.command('DeactivateProduct', { productId: 2 });`;

/** A request whose session declared `capabilities`, optionally a task's run. */
const request = (capabilities: Record<string, unknown>, taskInput?: RequestContext['taskInput']) =>
  ({ session: { clientCapabilities: capabilities }, ...(taskInput ? { taskInput } : {}) }) as unknown as RequestContext;

describe('unapprovableCommands', () => {
  it('names each gated command the script certainly calls, once, when no door is open', () => {
    expect(unapprovableCommands(SCRIPT, [], gated)).toEqual(['command_DeactivateProduct']);
  });

  it('refuses nothing when any door is open, or when the gated command is only in a branch', () => {
    for (const door of ['elicitation', 'task', 'operator'] as const) {
      expect(unapprovableCommands(SCRIPT, [door], gated)).toEqual([]);
    }
    const branch = `if (await myko.query('X')) await myko.command('DeactivateProduct', { productId: 1 });`;
    expect(unapprovableCommands(branch, [], gated)).toEqual([]);
    expect(unapprovableCommands(`await myko.command('RestockProduct', {});`, [], gated)).toEqual([]);
  });
});

describe('ApprovalDoors', () => {
  it('opens elicitation for a form-capable client, task for a task run, operator once a door is declared', () => {
    const doors = new ApprovalDoors();
    expect(doors.doorsFor(request({}), false)).toEqual([]);
    expect(doors.doorsFor(request({ elicitation: { url: {} } }), false)).toEqual([]);
    expect(doors.doorsFor(request({ elicitation: {} }), false)).toEqual(['elicitation']);
    expect(doors.doorsFor(request({}), true)).toEqual(['task']);
    expect(
      doors.doorsFor(
        request({}, async () => ({})),
        false,
      ),
    ).toEqual(['task']);
    doors.openOperatorDoor('admin-api');
    expect(doors.doorsFor(request({}), false)).toEqual(['operator']);
    expect(doors.operatorDoors).toEqual(['admin-api']);
  });
});

describe('UnapprovableScriptError', () => {
  it('is -32011 naming the commands and what would make them approvable', () => {
    const error = new UnapprovableScriptError(['command_DeactivateProduct']);
    expect(error.code).toBe(-32011);
    expect(error.message).toMatch(/command_DeactivateProduct needs approval.*elicitation.*task-augmented.*admin API/);
    expect(error.data).toEqual({
      reason: 'approval-unreachable',
      commands: ['command_DeactivateProduct'],
      remedies: ['elicitation', 'task', 'operator'],
    });
  });
});
