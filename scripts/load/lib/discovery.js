/** What a client learns over the protocol before it works: the tools, and the schema resources to read. */
const { ProtocolError } = require('./json-rpc-answer');

const SCHEMA_PREFIX = 'myko://schema/';
const REQUIRED_TOOLS = ['search', 'execute'];

/** `tools/list` must offer search and execute; every `resources/list` page gives the schema URIs. */
async function discover(session) {
  const { tools } = await session.request('tools/list', {});
  const names = new Set(tools.map((tool) => tool.name));
  for (const name of REQUIRED_TOOLS) if (!names.has(name)) throw new ProtocolError(`tools/list lacks ${name}`);
  const schemaUris = [];
  let cursor;
  do {
    const page = await session.request('resources/list', cursor ? { cursor } : {});
    for (const resource of page.resources) if (resource.uri.startsWith(SCHEMA_PREFIX)) schemaUris.push(resource.uri);
    cursor = page.nextCursor;
  } while (cursor);
  if (schemaUris.length === 0) throw new ProtocolError(`resources/list has no ${SCHEMA_PREFIX}… resource`);
  return { schemaUris };
}

module.exports = { discover };
