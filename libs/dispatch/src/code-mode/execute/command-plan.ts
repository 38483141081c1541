import type { OperationContext, OperationInvoker } from '@myko/registry';

/** Most plan JSON kept for the answer (a script may plan thousands of commands); later ones are only counted. */
export const MAX_PLAN_BYTES = 256 * 1024;

/** One command a plan-mode script would have run. */
export interface PlannedCommand {
  /** The command's id, as the script named it (`myko.command('<id>', …)`). */
  readonly command: string;
  /** Its validated arguments, as JSON. */
  readonly args: unknown;
  /** What its preview (`@Command({ preview })`) answered, when it declares one. */
  readonly preview?: unknown;
  /**
   * `unreachable`: it needs approval and no door of this request could bring one (no form elicitation, not a task,
   * no operator door): run for real, it would pause with nobody to decide, or be refused before it ran.
   */
  readonly approval?: 'unreachable';
}

/**
 * `execute` in `mode: 'plan'`: the commands a script calls, recorded in order instead of run. Each is
 * checked as a real call is (the bridge has checked visibility and callability; its arguments are
 * validated here) and answered with the command's preview, else `{ planned: true, command, args }`, so the
 * script goes on as it would. Reads run for real.
 */
export class CommandPlan {
  private readonly planned: PlannedCommand[] = [];
  private bytes = 0;
  private dropped = 0;

  constructor(
    private readonly invoker: OperationInvoker,
    private readonly maxBytes = MAX_PLAN_BYTES,
    /** Whether a command (`command_<id>`) needs an approval nobody could give this request; unset: none does. */
    private readonly unreachable?: (name: string) => boolean,
  ) {}

  get entries(): readonly PlannedCommand[] {
    return this.planned;
  }

  /** Commands planned after the kept ones filled `maxBytes`: counted, not listed. */
  get omitted(): number {
    return this.dropped;
  }

  /**
   * The JSON the script receives for this command.
   * @throws InvalidArgumentsError listing every bad field, as the real call would
   */
  async record(name: string, rawArgs: object, ctx: OperationContext): Promise<string> {
    const command = name.slice(name.indexOf('_') + 1);
    const validated = await this.invoker.validate(name, rawArgs);
    const args: unknown = JSON.parse(JSON.stringify(validated) ?? '{}');
    // The preview gets the DTO instance, as the command itself would.
    const preview = await this.invoker.preview(name, validated, ctx);
    const approval = this.unreachable?.(name) ? { approval: 'unreachable' as const } : {};
    this.keep({ command, args, ...(preview ? { preview: preview.value ?? null } : {}), ...approval });
    return JSON.stringify(preview ? (preview.value ?? null) : { planned: true, command, args }) ?? 'null';
  }

  private keep(entry: PlannedCommand): void {
    const size = (JSON.stringify(entry) ?? '').length + 1;
    if (this.dropped === 0 && this.bytes + size <= this.maxBytes) {
      this.bytes += size;
      this.planned.push(entry);
    } else {
      this.dropped++;
    }
  }
}
