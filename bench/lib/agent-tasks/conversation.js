/**
 * The part every conversation shares, over the official SDK client on Streamable HTTP: connecting
 * (the server's instructions are read), every `tools/list` page (the tools JSON is read), and tool calls
 * whose arguments JSON is written and whose text content is read.
 */
const { connectHttpClient } = require('../mcp-client');

/** A fresh conversation: a new client, connected, that has read the instructions and every tools/list page. */
async function openConversation(url, ledger) {
  const client = await connectHttpClient(new URL(url));
  try {
    ledger.read('fixed', client.getInstructions() ?? '');
    let cursor;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined);
      ledger.read('fixed', JSON.stringify(page.tools));
      cursor = page.nextCursor;
    } while (cursor);
    return client;
  } catch (error) {
    await client.close();
    throw error;
  }
}

/** Every text block of a tool result, as the model reads them. */
const textsOf = (result) => (result.content ?? []).filter((block) => block.type === 'text').map((block) => block.text);

/**
 * `tools/call` on behalf of the model, accounted under `part`; resolves the result's text blocks. A
 * tool execution error (`isError`) is read too, then thrown: the task's plan did not work.
 */
async function callTool(client, ledger, part, name, args) {
  ledger.wrote(part, JSON.stringify(args));
  const result = await client.callTool({ name, arguments: args });
  const texts = textsOf(result);
  for (const text of texts) ledger.read(part, text);
  if (result.isError) throw new Error(`${name} failed: ${texts.join(' ').slice(0, 500)}`);
  return texts;
}

module.exports = { callTool, openConversation };
