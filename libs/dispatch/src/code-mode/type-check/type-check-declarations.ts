import type { ClientFilters } from '@myko/filter';
import {
  OPERATION_KINDS,
  type OperationDescriptor,
  type OperationRegistry,
  renderTypeDeclarations,
} from '@myko/registry';
import { renderArgsParameter } from '../search/operation-declaration';
import type { NamedOperation } from './script-operation-ids';
import { OPERATION_CALL_TYPE } from './type-check.protocol';

/** One operation's part of a check's declarations, rendered once per descriptor. */
interface OperationTypes {
  /** `'GetOrders': { args: [args: { … }]; result: Order[] }`, a member of its kind's map. */
  readonly member: string;
  /** The named interfaces it mentions, by name. */
  readonly interfaces: ReadonlyMap<string, string>;
}

const INTERFACE_START = /\n(?=interface )/;
const INTERFACE_NAME = /^interface ([A-Za-z_$][\w$]*)/;
// A schema the renderer cannot type reads as `unknown`; a script may use such a value freely, as at run time.
const UNKNOWN = /\bunknown\b/g;
// A type whose schema names no field (an output class without class-validator decorators) says nothing of its
// fields: the checker cannot judge their use, so they read as at run time instead of as errors.
const EMPTY_INTERFACE = /^interface [A-Za-z_$][\w$]*\s*\{\s*\}\s*$/;

/**
 * The ambient declarations a script is checked against: `myko` typed for the operations it names that the
 * caller may see (from the same renderers as `search`'s signatures and `describe`'s types), and `console`.
 * A hidden operation is left out exactly like a missing one; any other id (computed at run time) is `any`.
 * An operation's part is cached per descriptor, so the registry's state keys it and the filters only choose.
 */
export class TypeCheckDeclarations {
  private readonly cache = new WeakMap<OperationDescriptor, OperationTypes>();

  constructor(private readonly registry: OperationRegistry) {}

  /** The declarations, and the named operations the caller cannot call (unknown or hidden). */
  render(
    named: readonly NamedOperation[],
    filters: ClientFilters,
    plan: boolean,
  ): { text: string; unknown: NamedOperation[] } {
    const members = new Map<string, Map<string, string>>(OPERATION_KINDS.map((kind) => [kind, new Map()]));
    const interfaces = new Map<string, string>();
    const unknown: NamedOperation[] = [];
    for (const op of named) {
      const name = `${op.kind}_${op.id}`;
      const descriptor = this.registry.get(name);
      if (!descriptor || !filters.isVisible(name)) {
        unknown.push(op);
        continue;
      }
      const types = this.typesOf(descriptor);
      members.get(op.kind)?.set(op.id, types.member);
      for (const [type, text] of types.interfaces) if (!interfaces.has(type)) interfaces.set(type, text);
    }
    const maps = OPERATION_KINDS.map((kind) => kindMap(kind, [...(members.get(kind)?.values() ?? [])]));
    return { text: [...interfaces.values(), ...maps, plan ? PLAN_API : RUN_API].join('\n'), unknown };
  }

  private typesOf(op: OperationDescriptor): OperationTypes {
    let types = this.cache.get(op);
    if (!types) {
      const parameter = renderArgsParameter(op).replace(UNKNOWN, 'any') || 'args?: Record<string, never>';
      const result = op.outputType === 'void' ? 'any' : op.outputType.replace(UNKNOWN, 'any');
      const member = `${JSON.stringify(op.id)}: { args: [${parameter}]; result: ${result} };`;
      types = { member, interfaces: interfacesOf(op) };
      this.cache.set(op, types);
    }
    return types;
  }
}

function interfacesOf(op: OperationDescriptor): Map<string, string> {
  const text = renderTypeDeclarations(op.inputSchema, op.outputType, op.outputSchema).replace(UNKNOWN, 'any');
  const found = new Map<string, string>();
  for (const declaration of text === '' ? [] : text.split(INTERFACE_START)) {
    const name = INTERFACE_NAME.exec(declaration)?.[1];
    if (name !== undefined && !found.has(name)) {
      found.set(name, EMPTY_INTERFACE.test(declaration) ? `type ${name} = any;` : declaration);
    }
  }
  return found;
}

function kindMap(kind: string, members: string[]): string {
  return `interface Myko_${kind} {\n${members.map((member) => `  ${member}\n`).join('')}}`;
}

/**
 * `myko.<kind>(id, args)`: a named operation's arguments and result, `any` for an id the map does not hold
 * (computed at run time, or unknown: reported on its own, as the host would refuse it).
 */
const { run: RUN_CALL, plan: PLAN_CALL } = OPERATION_CALL_TYPE;
const CALL = `type ${RUN_CALL}<M> = <K extends string>(id: K, ...args: K extends keyof M ? (M[K] extends { args: infer A } ? A : never) : [args?: any]) => Promise<K extends keyof M ? (M[K] extends { result: infer R } ? R : never) : any>;
type ${PLAN_CALL}<M> = <K extends string>(id: K, ...args: K extends keyof M ? (M[K] extends { args: infer A } ? A : never) : [args?: any]) => Promise<any>;`;

const API = (command: string) => `declare const myko: {
  readonly query: ${RUN_CALL}<Myko_query>;
  readonly view: ${RUN_CALL}<Myko_view>;
  readonly report: ${RUN_CALL}<Myko_report>;
  readonly command: ${command}<Myko_command>;
  readonly search: (query?: string, options?: { kind?: string; limit?: number; cursor?: string; detail?: 'summary' | 'full' }) => Promise<any>;
  readonly describe: (id: string) => Promise<any>;
  readonly rollback: (executionId: string) => Promise<any>;
};
declare const console: { readonly log: (...data: any[]) => void; readonly info: (...data: any[]) => void; readonly warn: (...data: any[]) => void; readonly error: (...data: any[]) => void; readonly debug: (...data: any[]) => void };`;

const RUN_API = `${CALL}\n${API(RUN_CALL)}`;
/** Plan mode: a command answers what it would do (`{ planned, command, … }`), not its result. */
const PLAN_API = `${CALL}\n${API(PLAN_CALL)}`;
