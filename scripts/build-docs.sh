#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Builds the DocC catalog of every library module into docs-site/<Module>.doccarchive, a static
# site (serve the folder, e.g. `python3 -m http.server -d docs-site`, and open the root).
# Fails on any DocC warning (broken symbol links included) and on any public symbol without a
# doc comment. Uses only the toolchain: `swift package dump-symbol-graph`, then `docc convert`.
set -euo pipefail

cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
DOCC=${DOCC:-docc}
OUTPUT=docs-site

# Module name and catalog path; a module whose catalog is missing is skipped.
catalogs=(
  "WorkflowReactive WorkflowReactive/WorkflowReactive.docc"
  "Workflow Workflow/Workflow.docc"
  "WorkflowTesting WorkflowTesting/WorkflowTesting.docc"
  "TerminalUI Samples/TerminalUI/TerminalUI.docc"
)

# The package each module belongs to: TerminalUI is in the nested Samples package.
package_of() {
  case "$1" in
    TerminalUI) echo Samples ;;
    *) echo . ;;
  esac
}

echo "==> symbol graphs"
# Reuses the debug builds, so after `make test` only the extraction runs. The command also tries
# the packages' generated test-runner modules and fails on them when the tests are not built;
# those are not documented, so its status is judged below by the graphs we need.
dump_log=""
for package in . Samples; do
  graphs="$("$SWIFT" build --package-path "$package" --show-bin-path)/../symbolgraph"
  rm -rf "$graphs"
  dump_log+=$("$SWIFT" package --package-path "$package" dump-symbol-graph 2>&1) || true
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rm -rf "$OUTPUT"
mkdir -p "$OUTPUT"

modules=()
for entry in "${catalogs[@]}"; do
  read -r module catalog <<<"$entry"
  if [[ ! -d "$catalog" ]]; then
    echo "==> $module: no catalog, skipped"
    continue
  fi
  graphs="$("$SWIFT" build --package-path "$(package_of "$module")" --show-bin-path)/../symbolgraph"
  if [[ ! -f "$graphs/$module.symbols.json" ]]; then
    echo "$dump_log" >&2
    echo "build-docs: no symbol graph for $module" >&2
    exit 1
  fi
  # Only this module's graphs: its own symbols and its extensions of other modules' types.
  mkdir -p "$work/$module"
  cp "$graphs/$module.symbols.json" "$work/$module/"
  cp "$graphs/$module"@*.symbols.json "$work/$module/" 2>/dev/null || true
  modules+=("$module $catalog")
done

echo "==> doc comments of public symbols"
"$SWIFT" scripts/check-doc-comments.swift "$work"/*/*.symbols.json

built=()
for entry in "${modules[@]}"; do
  read -r module catalog <<<"$entry"
  echo "==> $module"
  "$DOCC" convert "$catalog" \
    --additional-symbol-graph-dir "$work/$module" \
    --output-path "$OUTPUT/$module.doccarchive" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "org.workflow-swift.$module" \
    --transform-for-static-hosting \
    --hosting-base-path "$module.doccarchive" \
    --warnings-as-errors
  built+=("$module")
done

# A root page linking to each module's documentation.
{
  echo '<!doctype html><meta charset="utf-8"><title>Workflow for Swift</title>'
  echo '<h1>Workflow for Swift</h1><ul>'
  for module in "${built[@]}"; do
    lower=$(echo "$module" | tr '[:upper:]' '[:lower:]')
    echo "<li><a href=\"$module.doccarchive/documentation/$lower/\">$module</a></li>"
  done
  echo '</ul>'
} >"$OUTPUT/index.html"

echo "==> documentation in $OUTPUT/ (${built[*]})"
