// JSON laid out as the repository's formatter (biome, 120 columns) keeps it: a value on one line when it
// fits, else one member per line. Writing it this way keeps a regenerated file's diff to what changed.
const WIDTH = 120;

function inline(value) {
  if (Array.isArray(value)) return value.length ? `[${value.map(inline).join(', ')}]` : '[]';
  if (value && typeof value === 'object') {
    const members = Object.entries(value).map(([key, member]) => `${JSON.stringify(key)}: ${inline(member)}`);
    return members.length ? `{ ${members.join(', ')} }` : '{}';
  }
  return JSON.stringify(value);
}

function layout(value, indent, prefixLength) {
  const line = inline(value);
  if (!value || typeof value !== 'object' || indent.length + prefixLength + line.length + 1 <= WIDTH) return line;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((item) => inner + layout(item, inner, 0)).join(',\n')}\n${indent}]`;
  const members = Object.entries(value).map(([key, member]) => {
    const prefix = `${JSON.stringify(key)}: `;
    return inner + prefix + layout(member, inner, prefix.length);
  });
  return `{\n${members.join(',\n')}\n${indent}}`;
}

/** `value` as JSON text with a final line break. */
function formatJson(value) {
  return `${layout(value, '', 0)}\n`;
}

module.exports = { formatJson };
