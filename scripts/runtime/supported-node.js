/**
 * The Node lines the project supports (package.json `engines`; isolated-vm 7 ships binaries for these only),
 * and the one check the launcher and the build make before anything else, so an older Node is told what to
 * install instead of failing later on a missing or mismatched module.
 */
const SUPPORTED_MAJORS = [24, 26];

function assertSupportedNode(tool) {
  const major = Number(process.versions.node.split('.')[0]);
  if (SUPPORTED_MAJORS.includes(major)) return;
  process.stderr.write(
    `${tool}: Node ${process.versions.node} is not supported; install Node 24 or 26 ` +
      '(`source scripts/runtime/use-node.sh` fetches one from the npm registry).\n',
  );
  process.exit(1);
}

module.exports = { SUPPORTED_MAJORS, assertSupportedNode };
