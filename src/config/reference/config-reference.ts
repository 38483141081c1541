import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildConfigSchema, type SchemaNode } from './config-schema.builder';
import { renderConfigurationDoc } from './configuration-doc.renderer';

/** Where the derived files live, from the repository root. */
export const CONFIG_SCHEMA_PATH = 'src/config/access-config.schema.json';
export const CONFIGURATION_DOC_PATH = 'docs/configuration.md';

/** The config schema and `docs/configuration.md` as the options tables make them, from the committed schema. */
export function configReference(root: string): { schema: SchemaNode; doc: string } {
  const handWritten = JSON.parse(readFileSync(join(root, CONFIG_SCHEMA_PATH), 'utf8')) as SchemaNode;
  const schema = buildConfigSchema(handWritten);
  return { schema, doc: renderConfigurationDoc(schema) };
}
