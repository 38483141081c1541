import { InputRequiredError } from '@myko/mcp';
import { OperationAbortedError, OperationError } from '@myko/registry';
import type { InputRoundState, JournalEntry } from '../../interfaces/input-round.interface';
import { canonicalJson } from '../../protocol/protocol-era/request-state.codec';

/** A command's outcome recorded in an earlier round, as the script saw it. */
export type ReplayedOutcome = { result: string } | { error: Error };

/**
 * How a retried 2026-07-28 `execute` resumes: the script runs again from the start with the answers
 * recorded so far, and every command it completed in an earlier round is answered from the journal
 * carried in the signed `requestState` instead of running again, so no command runs twice (and a state
 * is spent by its first retry, `ProtocolEraService`, so replaying a round cannot run its new ones again). The
 * journal is positional: the n-th command of the retry must be the n-th of the earlier round, with
 * the same arguments; a script that takes another path is stopped before anything runs. Queries run
 * again (they change nothing). A command that asks for input is not journaled: it stopped before
 * changing anything (operations ask first) and runs, answered, on the retry.
 */
const ELICITATION = 'elicitation/create';

export class CommandReplay {
  private position = 0;
  /** Elicitations keyed before the command now running (commands run one at a time per script turn). */
  private askedBefore = 0;

  constructor(
    private readonly round: InputRoundState,
    private readonly stopRun: () => void,
  ) {}

  /** The earlier outcome of this call, or undefined when it is new and must run. */
  recall(name: string, args: object): ReplayedOutcome | undefined {
    if (this.round.needsInput) throw new OperationAbortedError(name, 'the execution is waiting for input');
    const earlier: JournalEntry | undefined = this.round.replay[this.position++];
    if (earlier === undefined) {
      this.askedBefore = this.round.count(ELICITATION);
      return undefined;
    }
    if (earlier.name !== name || earlier.args !== canonicalJson(args)) {
      this.stopRun();
      throw new OperationError(
        `This retry called ${name} where the earlier round called ${earlier.name} with other arguments; ` +
          'the script must take the same path when it resumes. Nothing was run; send the request again without requestState.',
        'replay_diverged',
      );
    }
    this.round.journal.push(earlier);
    this.round.skip(ELICITATION, earlier.asked ?? 0);
    if (earlier.error) return { error: scriptError(earlier.error) };
    return { result: earlier.result ?? 'null' };
  }

  completed(name: string, args: object, result: string): void {
    const asked = this.round.count(ELICITATION) - this.askedBefore;
    this.round.journal.push({ name, args: canonicalJson(args), result, ...(asked > 0 ? { asked } : {}) });
  }

  /** A command that failed with an `OperationError` changed nothing and fails the same way on replay. */
  failed(name: string, args: object, error: unknown): void {
    if (error instanceof InputRequiredError) {
      this.stopRun();
      return;
    }
    if (error instanceof OperationError && !(error instanceof OperationAbortedError)) {
      this.round.journal.push({ name, args: canonicalJson(args), error: { name: error.name, message: error.message } });
    }
  }
}

function scriptError(recorded: { name: string; message: string }): Error {
  const error = new OperationError(recorded.message);
  error.name = recorded.name;
  return error;
}
