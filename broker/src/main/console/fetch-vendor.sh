#!/usr/bin/env bash
# Re-fetches the web console's vendored libraries (#35) from the npm registry into the broker's
# resources, at the versions pinned below, with their licenses. No build step: the files are the
# packages' own ES-module builds. Run from anywhere; then commit the changed files and
# broker/src/main/console/VENDOR.md.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/../resources/io/bolide/broker/console/web/vendor"
packages=("preact@10.26.9" "htm@3.1.1" "uplot@1.6.32")
# package@version  file in the package  -> name served
files=(
  "preact@10.26.9 dist/preact.module.js preact.mjs"
  "preact@10.26.9 hooks/dist/hooks.module.js preact-hooks.mjs"
  "htm@3.1.1 dist/htm.module.js htm.mjs"
  "uplot@1.6.32 dist/uPlot.esm.js uplot.mjs"
  "uplot@1.6.32 dist/uPlot.min.css uplot.css"
)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
for package in "${packages[@]}"; do
  (cd "$work" && npm pack -q "$package" >/dev/null)
  name="${package%@*}"
  mkdir -p "$work/$name"
  tar -xzf "$work/$name-${package#*@}.tgz" -C "$work/$name"
  cp "$work/$name/package/LICENSE"* "$out/$name.LICENSE.txt"
done
for entry in "${files[@]}"; do
  read -r package file served <<<"$entry"
  cp "$work/${package%@*}/package/$file" "$out/$served"
done
# Served without an import map (the page's policy allows no inline script): name preact by path.
sed -i 's#from"preact"#from"./preact.mjs"#' "$out/preact-hooks.mjs"
echo "vendored into $out"
