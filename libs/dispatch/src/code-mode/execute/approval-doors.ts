import { Injectable } from '@nestjs/common';
import { canAskForm } from '../../features/operations/approval/command-approval.gate';
import type { RequestContext } from '../../interfaces/request-context.interface';

/**
 * A way a decision on a gated command can reach a run: the client asks its user inline (`elicitation`), the
 * run is a task whose input the client answers (`task`), or an operator decides the pause (`operator`).
 */
export type ApprovalDoor = 'elicitation' | 'task' | 'operator';

/**
 * The operator doors this instance serves: who can decide a paused execution besides its own client. The admin
 * API's executions routes open one as they mount; an application that decides pauses itself (through
 * `ExecutionDecisions`) opens its own. None open: a pause only its client could decide is never decided.
 * @publicApi
 */
@Injectable()
export class ApprovalDoors {
  private readonly operators = new Set<string>();

  /** Declares an operator door open (`admin-api`, or the application's own), for as long as the instance runs. */
  openOperatorDoor(name: string): void {
    this.operators.add(name);
  }

  /** The operator doors open, in the order they opened. */
  get operatorDoors(): readonly string[] {
    return [...this.operators];
  }

  /**
   * The doors by which a decision can reach this request's run: form elicitation when its client declared it,
   * its task when the call is task-augmented (either era's tasks), and any operator door.
   */
  doorsFor(request: RequestContext, taskAugmented: boolean): ApprovalDoor[] {
    const doors: ApprovalDoor[] = [];
    if (canAskForm(request.session.clientCapabilities?.elicitation)) doors.push('elicitation');
    if (taskAugmented || request.taskInput !== undefined) doors.push('task');
    if (this.operators.size > 0) doors.push('operator');
    return doors;
  }
}
