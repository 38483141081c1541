import { NotFoundError, OperationRegistrationError } from '../errors';
import type { OperationHandler, OperationKind, OperationOutput, ProgrammaticOperation } from '../interfaces';
import { ENTITY_DEFAULT_LIMIT, EntityArgsFactory } from './entity-args.factory';
import type { EntityMetadata, EntityOperationKey } from './entity-options.interface';
import { EntitiesDeleted, EntityDeleted } from './entity-results.dto';
import type { EntityPage, EntityStore } from './entity-store.interface';

type Store = EntityStore<object, string | number, object>;
type Args = Record<string, unknown>;
type Group = 'reads' | 'counts' | 'deletes';
type Definition = Omit<ProgrammaticOperation, 'source'>;

const GROUP_OF: Record<EntityOperationKey, Group> = {
  getAll: 'reads',
  getByIds: 'reads',
  getByQuery: 'reads',
  getById: 'reads',
  countAll: 'counts',
  count: 'counts',
  delete: 'deletes',
  deleteMany: 'deletes',
};

function pageOf(args: Args): EntityPage {
  return { limit: (args.limit as number | undefined) ?? ENTITY_DEFAULT_LIMIT, offset: (args.offset as number) ?? 0 };
}

/** The query filters of validated arguments: every set field but the paging ones. */
function queryOf(args: Args): object {
  const { limit: _limit, offset: _offset, ...query } = args;
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
}

function pascal(field: string): string {
  return field.charAt(0).toUpperCase() + field.slice(1);
}

/**
 * The operations of one `@Entity()`, served by its store: ordinary operations (search, filters,
 * audit, direct tools) whose reads declare `reads: [Entity]` and whose writes `writes: [Entity]`.
 */
export class EntityOperationsFactory {
  private readonly args: EntityArgsFactory;
  private readonly what: string;

  constructor(
    private readonly entity: EntityMetadata,
    private readonly store: Store,
  ) {
    this.args = new EntityArgsFactory(entity);
    this.what = entity.description ? `${entity.plural} (${entity.description})` : entity.plural;
  }

  /** @throws OperationRegistrationError for a setter of an unknown field or a store without `set` */
  create(): Definition[] {
    return [...this.reads(), ...this.counts(), ...this.deletes(), ...this.setters()].filter(
      (definition): definition is Definition => definition !== undefined,
    );
  }

  private id(key: EntityOperationKey, fallback: string): string | undefined {
    if (this.entity.groups?.[GROUP_OF[key]] === false) return undefined;
    return this.entity.rename?.[key] ?? fallback;
  }

  private read(key: EntityOperationKey, id: string, build: (id: string) => Omit<Definition, 'kind' | 'id'>) {
    const operationId = this.id(key, id);
    if (operationId === undefined) return undefined;
    return { kind: 'query' as OperationKind, id: operationId, reads: [this.entity.name], ...build(operationId) };
  }

  private reads(): Array<Definition | undefined> {
    const { name, plural, idField, type, query } = this.entity;
    const list: OperationOutput = [type];
    const s = this.store;
    return [
      this.read('getAll', `GetAll${plural}`, (id) => ({
        description: `All ${this.what}, ordered by ${idField}, one page at a time (limit, offset).`,
        args: this.args.page(id),
        output: list,
        handler: ((args: Args) => s.getAll(pageOf(args))) as OperationHandler,
      })),
      this.read('getByIds', `Get${plural}ByIds`, (id) => ({
        description: `${plural} by ${idField}, in the order given; unknown ids are skipped.`,
        args: this.args.ids(id),
        output: list,
        handler: ((args: Args) => s.getByIds(args.ids as Array<string | number>)) as OperationHandler,
      })),
      query &&
        this.read('getByQuery', `Get${plural}ByQuery`, (id) => ({
          description: `${plural} matching every filter given (filters left out match all), one page at a time.`,
          args: this.args.query(id, true),
          output: list,
          handler: ((args: Args) => s.getByQuery(queryOf(args), pageOf(args))) as OperationHandler,
        })),
      this.read('getById', `Get${name}ById`, (id) => ({
        description: `One ${name} by ${idField}; fails with not_found when there is none.`,
        args: this.args.id(id),
        output: type,
        handler: (async (args: Args) => {
          const found = await s.getById(args.id as string | number);
          if (found === undefined) throw new NotFoundError(name, args.id as string | number);
          return found;
        }) as OperationHandler,
      })),
    ];
  }

  private counts(): Array<Definition | undefined> {
    const { plural, query } = this.entity;
    const s = this.store;
    return [
      this.read('countAll', `CountAll${plural}`, () => ({
        description: `How many ${this.what} there are.`,
        output: Number,
        handler: (() => s.countAll()) as OperationHandler,
      })),
      query &&
        this.read('count', `Count${plural}`, (id) => ({
          description: `How many ${plural} match every filter given (the filters of Get${plural}ByQuery).`,
          args: this.args.query(id, false),
          output: Number,
          handler: ((args: Args) => s.count(queryOf(args))) as OperationHandler,
        })),
    ];
  }

  private write(key: EntityOperationKey, id: string, build: (id: string) => Omit<Definition, 'kind' | 'id'>) {
    const operationId = this.id(key, id);
    if (operationId === undefined) return undefined;
    return { kind: 'command' as OperationKind, id: operationId, writes: [this.entity.name], ...build(operationId) };
  }

  private deletes(): Array<Definition | undefined> {
    const { name, plural, idField } = this.entity;
    const s = this.store;
    return [
      this.write('delete', `Delete${name}`, (id) => ({
        description: `Delete one ${name} by ${idField}; deleted is false when there was none.`,
        args: this.args.id(id),
        output: EntityDeleted,
        destructive: true,
        idempotent: true,
        handler: (async (args: Args) => ({ deleted: await s.delete(args.id as string | number) })) as OperationHandler,
      })),
      this.write('deleteMany', `Delete${plural}`, (id) => ({
        description: `Delete ${plural} by ${idField}, all or none; deleted counts those that existed.`,
        args: this.args.ids(id),
        output: EntitiesDeleted,
        destructive: true,
        idempotent: true,
        handler: (async (args: Args) => ({
          deleted: await s.deleteMany(args.ids as Array<string | number>),
        })) as OperationHandler,
      })),
    ];
  }

  private setters(): Definition[] {
    const { name, type, setters = [] } = this.entity;
    const set = this.store.set?.bind(this.store);
    return setters.map((field) => {
      if (!set) throw new OperationRegistrationError(`${name} declares setters but its repository has no set()`);
      if (!Reflect.hasMetadata('design:type', type.prototype, field)) {
        throw new OperationRegistrationError(
          `${name} declares a setter for ${field}, which is not a field of ${type.name}`,
        );
      }
      const id = `Set${name}${pascal(field)}`;
      return {
        kind: 'command',
        id,
        description: `Set the ${field} of one ${name}; returns the updated ${name}.`,
        args: this.args.setter(id, field),
        output: type,
        idempotent: true,
        writes: [name],
        handler: (async (args: Args) => {
          const updated = await set(args.id as string | number, field, args.value);
          if (updated === undefined) throw new NotFoundError(name, args.id as string | number);
          return updated;
        }) as OperationHandler,
      };
    });
  }
}
