import { OperationRegistrationError } from './errors';
import type { RegisteredOperation } from './interfaces/registered-operation.interface';
import { compensationName } from './operation-descriptor.factory';

const PATH_ROOTS = ['args', 'result'];

/**
 * Checks every command's `compensate` once all operations are known (the registry is sealed): the compensating
 * command exists and is a command, and a declarative mapping names only arguments the compensating command takes
 * and (for `args.<name>`) arguments the original takes. Every problem is listed, each naming its source.
 * @throws OperationRegistrationError listing them
 */
export function checkCompensations(operations: ReadonlyMap<string, RegisteredOperation>): void {
  const problems = [...operations.values()].flatMap((operation) => problemsOf(operation, operations));
  if (problems.length > 0) {
    throw new OperationRegistrationError(`Invalid compensations:${problems.map((line) => `\n  - ${line}`).join('')}`);
  }
}

function problemsOf(operation: RegisteredOperation, operations: ReadonlyMap<string, RegisteredOperation>): string[] {
  const { compensation, descriptor } = operation;
  if (!compensation) return [];
  const where = `${descriptor.name} (${descriptor.source}) \`compensate.command\``;
  const name = compensationName(compensation.command);
  const target = operations.get(name);
  if (!target) {
    const known = [...operations.keys()].filter((key) => key.startsWith('command_')).sort();
    return [`${where} names ${name}, which is not registered (commands: ${known.join(', ') || 'none'})`];
  }
  if (target.descriptor.kind !== 'command') {
    return [`${where} names ${name}, a ${target.descriptor.kind}: a compensation must be a command`];
  }
  const { args } = compensation;
  if (args === undefined || typeof args === 'function') return [];
  return Object.entries(args).flatMap(([argument, path]) => mappingProblems(descriptor, target, argument, path));
}

function mappingProblems(
  source: RegisteredOperation['descriptor'],
  target: RegisteredOperation,
  argument: string,
  path: string,
): string[] {
  const where = `${source.name} (${source.source}) \`compensate.args.${argument}\``;
  const problems: string[] = [];
  const targetArgs = target.descriptor.args.map((arg) => arg.name);
  if (!targetArgs.includes(argument)) {
    problems.push(
      `${where}: ${target.descriptor.name} has no argument ${argument} (it takes ${targetArgs.join(', ')})`,
    );
  }
  const [root, first] = path.split('.');
  if (!PATH_ROOTS.includes(root ?? '')) problems.push(`${where}: '${path}' must start with args. or result.`);
  const sourceArgs = source.args.map((arg) => arg.name);
  if (root === 'args' && first !== undefined && !sourceArgs.includes(first)) {
    problems.push(`${where}: '${path}' names ${first}, not an argument of ${source.name} (${sourceArgs.join(', ')})`);
  }
  return problems;
}
