# Source this file (`source scripts/runtime/use-node.sh [24|26|version]`) to put a supported Node first on
# this shell's PATH, provisioning it from the npm registry when it is not cached yet (provision-node.sh).
# npm_config_nodedir points node-gyp at that Node's own headers, should anything ever build from source.
_myko_node_dir="$(bash "$(dirname "${BASH_SOURCE[0]}")/provision-node.sh" "${1:-}")" || return 1
export PATH="$_myko_node_dir/bin:$PATH"
export npm_config_nodedir="$_myko_node_dir"
echo "node $(node --version) from $_myko_node_dir" >&2
unset _myko_node_dir
