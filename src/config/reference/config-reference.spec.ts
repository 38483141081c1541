import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ABUSE_BACKOFF_OPTION_TABLE } from '@myko/dispatch';
import { configFileOptions, type OptionTable } from '@myko/options';
import Ajv2020 from 'ajv/dist/2020';
import { AccessConfigError } from '../access-config.error';
import { parseAccessConfig } from '../access-config.parser';
import { CONFIG_SCHEMA_PATH, CONFIGURATION_DOC_PATH, configReference } from './config-reference';
import { buildConfigSchema, CONFIG_FILE_TABLES, type SchemaNode } from './config-schema.builder';
import { renderConfigurationDoc } from './configuration-doc.renderer';

const ROOT = join(__dirname, '../../..');
const committed = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const FIX = 'stale: run `npm run docs:config` and commit the result';

/** A valid file whose `section` holds `body` (the `oauth` section needs its required fields and profiles). */
function fileWith(section: string, body: Record<string, unknown>): Record<string, unknown> {
  if (section !== 'oauth') return { auth: { required: false }, [section]: body };
  const oauth = {
    resource: 'https://mcp.example.com/mcp',
    issuers: ['https://idp.example.com'],
    profiles: [{ profile: 'ops', match: { scope: 'myko:read' } }],
  };
  return { auth: { required: false }, profiles: { ops: {} }, oauth: { ...oauth, ...body } };
}

function problems(file: Record<string, unknown>): string[] {
  try {
    parseAccessConfig(file);
    return [];
  } catch (error) {
    if (!(error instanceof AccessConfigError)) throw error;
    return error.issues.map((issue) => issue.path);
  }
}

describe('the configuration reference derived from the options tables', () => {
  const { schema, doc } = configReference(ROOT);
  const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);

  it(`matches the committed schema (${FIX})`, () => {
    expect(JSON.parse(committed(CONFIG_SCHEMA_PATH))).toEqual(schema);
  });

  it(`matches the committed docs/configuration.md (${FIX})`, () => {
    expect(committed(CONFIGURATION_DOC_PATH)).toBe(doc);
  });

  it('overrides a default edited by hand in the schema with the table, and the page shows the difference', () => {
    const edited = structuredClone(schema) as SchemaNode;
    edited.properties!.limits.properties!.maxSessions.default = 7;
    expect(renderConfigurationDoc(edited)).not.toBe(doc);
    expect(buildConfigSchema(edited)).toEqual(schema);
  });

  it('documents every option of every table, with its default', () => {
    for (const { table } of [...CONFIG_FILE_TABLES, { table: ABUSE_BACKOFF_OPTION_TABLE as OptionTable }]) {
      for (const [key, spec] of Object.entries(table)) expect(doc).toContain(`| \`${key}\` | \`${spec.default}\` |`);
    }
  });

  it.each(
    CONFIG_FILE_TABLES.flatMap(({ section, table }) =>
      configFileOptions(table).map((key) => [section, key, table[key].minimum] as const),
    ),
  )('the parser and the schema agree on the minimum of %s.%s (%d)', (section, key, minimum) => {
    const at = fileWith(section, { [key]: minimum });
    const below = fileWith(section, { [key]: minimum - 1 });
    expect(problems(at)).toEqual([]);
    expect(validate(at)).toBe(true);
    expect(problems(below)).toEqual([`${section}.${key}`]);
    expect(validate(below)).toBe(false);
  });
});
