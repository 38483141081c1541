#!/usr/bin/env node
// `npm run docs:config`: rewrites docs/configuration.md and the table-derived parts of the config schema
// (src/config/access-config.schema.json) from the libs' options tables, from the build in dist/.
const { mkdirSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const { formatJson } = require('./json-layout');

const ROOT = join(__dirname, '..', '..');
const { CONFIG_SCHEMA_PATH, CONFIGURATION_DOC_PATH, configReference } = require(
  join(ROOT, 'dist', 'src', 'config', 'reference', 'config-reference'),
);

const { schema, doc } = configReference(ROOT);
writeFileSync(join(ROOT, CONFIG_SCHEMA_PATH), formatJson(schema));
mkdirSync(dirname(join(ROOT, CONFIGURATION_DOC_PATH)), { recursive: true });
writeFileSync(join(ROOT, CONFIGURATION_DOC_PATH), doc);
process.stdout.write(`wrote ${CONFIGURATION_DOC_PATH} and ${CONFIG_SCHEMA_PATH}\n`);
