/**
 * The `initialize` instructions on using the two Code Mode tools: sent once per session, so they
 * can say more than the tool descriptions, which are in the model's context on every turn.
 */
export const CODE_MODE_INSTRUCTIONS = `This server gives you a backend's operations (queries, views, reports, commands) through two tools.
1. search: describe the task in plain words ("unpaid orders of a customer", "low stock in warehouse BER"). Results are ranked (stems, synonyms and small typos count; an exact id comes first); each shows the arguments with their TypeScript types, outputType, and output: the result's fields in TypeScript. detail: "full" adds the call's TypeScript declaration and the types it uses. If nothing matches you get suggestions and a hint instead.
2. execute: write the body of an async JavaScript function that calls operations with await myko.<kind>(id, args) and returns only the answer; chain several calls in one script rather than one call per round trip. myko.search(query, options?) and myko.describe(id) look operations up from inside the script. An unknown operation's error names the closest ones.
3. Live data: a result marked watchable is also the resource myko://live/<kind>/<id>?args=<URL-encoded JSON args>; subscribe to it to be told when a command changes it.
Read before you change anything: commands change data, and a failed script lists the commands that had already completed.`;
