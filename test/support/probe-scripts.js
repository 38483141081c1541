// Scripts that probe the catalogue, shared by the scan-flood e2e suite and the script-scan bench.

/**
 * A script of about `bytes` calling `distinct` operation ids no client can see, in turn (repeated when it is
 * longer): the shape of issue 39's 575 KiB flood.
 */
function unknownIdScript(bytes, distinct) {
  const lines = [];
  let size = 0;
  for (let i = 0; size < bytes - 64; i++) {
    const line = `myko.query('HiddenOp${i % distinct}');`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
}

module.exports = { unknownIdScript };
