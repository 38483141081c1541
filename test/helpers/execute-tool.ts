import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

/** A text block of a tool result. */
export interface TextBlock {
  type: string;
  text: string;
}

/** What an `execute` call answered: its text blocks, joined, and whether it is an error result. */
export interface ExecuteOutcome {
  isError: boolean;
  blocks: TextBlock[];
  text: string;
  meta: Record<string, unknown> | undefined;
}

/** The text blocks of a tool result, joined by newlines. */
export function textOf(result: Record<string, unknown>): string {
  return (result.content as TextBlock[]).map((block) => block.text).join('\n');
}

/** Calls `execute` with `code` through an SDK client (`options`: the SDK's request options). */
export async function callExecute(
  client: Client,
  code: string,
  options: Parameters<Client['callTool']>[2] = {},
): Promise<ExecuteOutcome> {
  const result = await client.callTool({ name: 'execute', arguments: { code } }, undefined, options);
  const blocks = result.content as TextBlock[];
  const meta = result._meta as Record<string, unknown> | undefined;
  return { isError: result.isError === true, blocks, text: textOf(result), meta };
}

/** Calls `execute` and parses its first block as JSON; an error result throws with its text. */
export async function executeJson<T>(
  client: Client,
  code: string,
  options: Parameters<Client['callTool']>[2] = {},
): Promise<T> {
  const { isError, blocks, text } = await callExecute(client, code, options);
  if (isError) throw new Error(`execute failed: ${text}`);
  return JSON.parse(blocks[0].text) as T;
}

/** A script over the example data: units of product 1 available at the BER warehouse. */
export const AVAILABLE_AT_BER = `
  const view = await myko.view('ProductAvailability', { productId: 1 });
  return view.warehouses.find((w) => w.warehouseCode === 'BER').available;`;

/** A script that raises product 1's stock at BER forever, one command every ~20 ms (a run to cancel). */
export const ADJUST_STOCK_FOREVER = `for (;;) {
        const t = Date.now();
        while (Date.now() - t < 20) {}
        await myko.command('AdjustStock', { productId: 1, warehouseCode: 'BER', quantityDelta: 1, note: 'loop' });
      }`;

/**
 * Cancels a running `ADJUST_STOCK_FOREVER` through the client's abort signal, then proves the cancel
 * reached the sandbox: the stock it raised stops rising (no command ran after the cancellation).
 */
export async function expectCancelStopsCommands(client: Client): Promise<void> {
  const before = await executeJson<number>(client, AVAILABLE_AT_BER);
  const controller = new AbortController();
  const running = callExecute(client, ADJUST_STOCK_FOREVER, { signal: controller.signal });
  await new Promise((resolve) => setTimeout(resolve, 300));
  controller.abort();
  await expect(running).rejects.toThrow(/abort/i);
  const afterCancel = await executeJson<number>(client, AVAILABLE_AT_BER);
  expect(afterCancel).toBeGreaterThan(before);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await executeJson<number>(client, AVAILABLE_AT_BER)).toBe(afterCancel);
}
