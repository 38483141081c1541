#!/usr/bin/env bash
# Provisions a supported Node.js from the npm registry (package node-linux-<arch>: bin/node and the headers)
# and prints the directory that holds it. The argument is a line (24, 26) or an exact version; without one,
# the first line of scripts/runtime/node-versions. Downloads once into the cache
# (MYKO_NODE_CACHE, else ~/.cache/myko-nest/node), checking the tarball against the sha512 integrity the
# registry publishes for that version; later calls answer from the cache. Needs only npm and the registry.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
want="${1:-$(head -n 1 "$here/node-versions")}"
cache="${MYKO_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/myko-nest/node}"

case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "provision-node: no Node package for $(uname -m) on the npm registry; install Node 24 or 26 yourself" >&2; exit 1 ;;
esac
[ "$(uname -s)" = Linux ] || { echo "provision-node: Linux only; elsewhere install Node 24 or 26 (see .nvmrc)" >&2; exit 1; }
pkg="node-linux-$arch"

# A line (24) maps to the version pinned for it in node-versions, so CI and developers run the same patch.
if [[ "$want" =~ ^[0-9]+$ ]]; then
  version="$(grep -E "^$want\." "$here/node-versions" | head -n 1 || true)"
  [ -n "$version" ] || { echo "provision-node: no pinned version for Node $want in scripts/runtime/node-versions" >&2; exit 1; }
else
  version="$want"
fi
dir="$cache/$version-$arch"
if [ -x "$dir/bin/node" ] && [ "$("$dir/bin/node" --version)" = "v$version" ]; then
  echo "$dir"
  exit 0
fi

mkdir -p "$cache"
work="$(mktemp -d "$cache/.download.XXXXXX")"
trap 'rm -rf "$work"' EXIT
expected="$(npm view "$pkg@$version" dist.integrity)"
[[ "$expected" == sha512-* ]] || { echo "provision-node: the registry publishes no sha512 integrity for $pkg@$version" >&2; exit 1; }
echo "provision-node: fetching $pkg@$version" >&2
tarball="$(cd "$work" && npm pack "$pkg@$version" --silent)"
actual="sha512-$(openssl dgst -sha512 -binary "$work/$tarball" | base64 -w 0)"
if [ "$actual" != "$expected" ]; then
  echo "provision-node: $pkg@$version does not match the registry's integrity ($actual, expected $expected)" >&2
  exit 1
fi
mkdir -p "$work/unpacked"
tar -xzf "$work/$tarball" -C "$work/unpacked" --strip-components=1
[ "$("$work/unpacked/bin/node" --version)" = "v$version" ] || { echo "provision-node: $pkg@$version does not run here" >&2; exit 1; }
rm -rf "$dir"
mv "$work/unpacked" "$dir"
echo "$dir"
