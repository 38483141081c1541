// Preload (`node --import`) that lets @modelcontextprotocol/conformance 0.1.x run on Node 20.
// It imports `globSync` from 'fs', which only exists from Node 22; ESM named imports of built-ins
// cannot be patched in place, so a resolve hook serves 'fs' from a module that adds it.
import { register } from 'node:module';

register('./fs-resolve.hook.mjs', import.meta.url);
