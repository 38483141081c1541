/** Node was started without `--no-node-snapshot`, which isolated-vm needs on Node 20+. */
export class NodeSnapshotFlagError extends Error {
  override readonly name = 'NodeSnapshotFlagError';

  constructor() {
    super(
      'The sandbox (isolated-vm) needs Node started with --no-node-snapshot. Run `node --no-node-snapshot …` ' +
        'or set NODE_OPTIONS=--no-node-snapshot (npm start, npm test and npm run bench already do).',
    );
  }
}
