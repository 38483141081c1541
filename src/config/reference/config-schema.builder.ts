import { OAUTH_OPTION_TABLE } from '@myko/access';
import { ABUSE_BACKOFF_OPTION_TABLE, EXECUTE_GUARD_OPTION_TABLE, FAIRNESS_OPTION_TABLE } from '@myko/dispatch';
import { GATEWAYS_OPTION_TABLE } from '@myko/gateways';
import { configFileOptions, type OptionTable, optionDefaults } from '@myko/options';
import { SANDBOX_OPTION_TABLE } from '@myko/sandbox';
import { QUOTA_TABLE, type QuotaSpec } from '../profile-quotas.table';

/** A JSON Schema node, as far as the config schema uses it. */
export type SchemaNode = { [keyword: string]: unknown; properties?: Record<string, SchemaNode>; oneOf?: SchemaNode[] };

/** The options tables behind each section of the config file that they fill. */
export const CONFIG_FILE_TABLES: ReadonlyArray<{
  section: 'sandbox' | 'limits' | 'oauth' | 'fairness';
  table: OptionTable;
}> = [
  { section: 'sandbox', table: SANDBOX_OPTION_TABLE },
  { section: 'sandbox', table: EXECUTE_GUARD_OPTION_TABLE },
  { section: 'limits', table: GATEWAYS_OPTION_TABLE },
  { section: 'oauth', table: OAUTH_OPTION_TABLE },
  { section: 'fairness', table: FAIRNESS_OPTION_TABLE },
];

function property(table: OptionTable, key: string, withDefault: boolean): SchemaNode {
  const { minimum, doc } = table[key];
  return { type: 'integer', minimum, ...(withDefault ? { default: table[key].default } : {}), description: doc };
}

/** Writes the table's config-file options into `properties`, keeping the order of those already there. */
function fill(properties: Record<string, SchemaNode>, table: OptionTable, withDefault = true): void {
  for (const key of configFileOptions(table)) properties[key] = property(table, key, withDefault);
}

function section(schema: SchemaNode, name: string): SchemaNode {
  const node = schema.properties?.[name];
  if (!node?.properties) throw new Error(`The config schema has no "${name}" object section`);
  return node;
}

/** A quota's limit: its type and bounds. */
function quotaLimit(spec: QuotaSpec): SchemaNode {
  const bound = spec.exclusive ? { exclusiveMinimum: spec.minimum } : { minimum: spec.minimum };
  return { type: spec.whole ? 'integer' : 'number', ...bound, ...(spec.maximum ? { maximum: spec.maximum } : {}) };
}

/** One quota of `profiles.<name>.quotas`: a limit (per principal), or `{ limit, per }`. */
function quotaProperty(spec: QuotaSpec): SchemaNode {
  const per = {
    enum: spec.scopes,
    default: 'principal',
    description: 'What is counted: each principal, or (where offered) each conversation in it.',
  };
  const object = {
    type: 'object',
    additionalProperties: false,
    required: ['limit'],
    properties: { limit: { ...quotaLimit(spec), description: 'The quota.' }, per },
  };
  return { description: spec.doc, oneOf: [quotaLimit(spec), object] };
}

/** Writes `QUOTA_TABLE` into the profile's `quotas` object. */
function fillQuotas(schema: SchemaNode): void {
  const profile = (schema.$defs as Record<string, SchemaNode> | undefined)?.profile;
  const quotas = profile?.properties?.quotas;
  if (!quotas?.properties) throw new Error('The config schema has no $defs.profile.quotas object');
  for (const [name, spec] of Object.entries(QUOTA_TABLE)) quotas.properties[name] = quotaProperty(spec);
}

/**
 * The config file's JSON Schema: the hand-written one (`access-config.schema.json`) with every
 * whole-number setting of the `sandbox`, `limits`, `oauth` and `fairness` sections, and each profile's `quotas`, (type, minimum, default, description)
 * derived from the libs' options tables, so a default is written once.
 */
export function buildConfigSchema(handWritten: SchemaNode): SchemaNode {
  const schema = structuredClone(handWritten);
  for (const { section: name, table } of CONFIG_FILE_TABLES) fill(section(schema, name).properties!, table);
  const backoff = section(schema, 'sandbox').properties!.abuseBackoff;
  const shape = backoff?.oneOf?.find((branch) => branch.type === 'object');
  if (!backoff || !shape?.properties) throw new Error('The config schema has no sandbox.abuseBackoff object form');
  backoff.default = optionDefaults(ABUSE_BACKOFF_OPTION_TABLE);
  fill(shape.properties, ABUSE_BACKOFF_OPTION_TABLE, false);
  fillQuotas(schema);
  return schema;
}
