/** Texts of registration and validation failures, kept together so they stay consistent. */

export const duplicateOperationMessage = (name: string, first: string, second: string) =>
  `Duplicate operation name ${name}: declared by ${first} and ${second}`;

export const invalidOperationIdMessage = (id: unknown, source: string) =>
  `Invalid operation id ${JSON.stringify(id)} declared by ${source}: an id must be a JS identifier ` +
  '(letters, digits, _ or $, not starting with a digit)';

export const invalidOperationKindMessage = (kind: unknown, source: string) =>
  `Invalid operation kind ${JSON.stringify(kind)} declared by ${source}: expected query, view, report or command`;

export const invalidHandlerMessage = (name: string, source: string) =>
  `Operation ${name} declared by ${source} has no handler function`;

export const invalidDtoMessage = (name: string, source: string, role: 'args' | 'output') =>
  `Operation ${name} declared by ${source}: \`${role}\` must be a class`;

export const schemaFailureMessage = (name: string, source: string, reason: string) =>
  `Operation ${name} declared by ${source}: ${reason}`;

export const registrySealedMessage = (name: string, source: string) =>
  `Cannot register ${name} (${source}): the operation registry is sealed at application bootstrap; ` +
  'register operations during module init';

export const nonStaticProviderMessage = (name: string, source: string) =>
  `Operation ${name} (${source}) is skipped: its provider is request-scoped or transient, ` +
  'and operations must live on singleton providers';

export const nestedTypeMissingMessage = (owner: string, property: string) =>
  `${owner}.${property} is @ValidateNested() but has no @Type(() => ChildClass), so the argument cannot be built`;

/**
 * An output class nothing describes (no field has a decorator): agents would see `Greeting {}` and a misspelt
 * field would pass the type check, so the start is refused with what to write instead.
 */
export const undescribedOutputMessage = (className: string, reachedBy: string | undefined) =>
  `output class ${className}${reachedBy ? ` (the type of ${reachedBy})` : ''} has no decorated fields, so agents ` +
  `would see it as an empty type and a misspelt field would pass the type check. Give each field of ${className} ` +
  'a class-validator decorator: `@IsString() name!: string`, `@IsInt() id!: number`, ' +
  '`@IsOptional() @IsString() note?: string`, `@ValidateNested() @Type(() => Child) child!: Child` ' +
  '(`@ValidateNested({ each: true })` for `Child[]`), `@IsObject()` for a free-form object; a field without one ' +
  'is not shown. For a result deliberately left opaque, declare `output: Object` (or `[Object]`)';

export const defNameClashMessage = (name: string) =>
  `two different classes named ${name} are nested in the same schema; rename one`;

export const UNKNOWN_ARGUMENT = 'unknown argument';

export const MISSING_ARGUMENT = 'required argument is missing';

export const ARGUMENTS_PATH = '(arguments)';

export const notAnObjectMessage = (value: unknown) =>
  `must be an object of named arguments, got ${Array.isArray(value) ? 'an array' : describeValue(value)}`;

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return `an instance of ${value.constructor?.name ?? 'an unknown class'}`;
  return typeof value;
}

export const resourceNeedsReadsMessage = (name: string, source: string) =>
  `${name} (${source}) publishes a resource but is not a read that declares \`reads\`: its changes could not be watched`;

/** `keywords`, `resource.uri`; the whole options object for the empty path. */
const optionName = (path: string) => (path === '' ? 'the options' : `\`${path}\``);

export const unknownOptionMessage = (path: string, suggestion: string | undefined, known: readonly string[]) =>
  suggestion === undefined
    ? `unknown option ${optionName(path)} (known: ${known.map((key) => `\`${key}\``).join(', ')})`
    : `unknown option ${optionName(path)}: did you mean \`${suggestion}\`?`;

export const missingOptionMessage = (path: string) => `${optionName(path)} is required`;

export const emptyOptionMessage = (path: string) => `${optionName(path)} must not be empty`;

export const wrongOptionTypeMessage = (path: string, expected: string, value: unknown) =>
  `${optionName(path)} must be ${expected}, got ${kindOf(value)}`;

/** What a wrong option value is, in the words of a type error: `string`, `an array`, `null`. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'function') return value.prototype === undefined ? 'a function (not a class)' : 'a class';
  if (typeof value === 'object') return 'an object';
  return typeof value;
}

export const invalidDecoratorOptionsMessage = (
  decorator: string,
  source: string,
  location: string | undefined,
  problems: readonly string[],
) =>
  `${decorator} on ${source}${location ? ` at ${location}` : ''} has invalid options:` +
  problems.map((problem) => `\n  - ${problem}`).join('');
