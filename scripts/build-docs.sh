#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Builds the documentation of every module as one static site in docs-site/: a landing page for
# the project (Documentation/WorkflowForSwift.docc), then each module's catalog and symbols, with
# links across modules. Fails on any DocC warning (broken symbol links included) and on any
# public symbol without a doc comment. Uses only the toolchain: `swift package
# dump-symbol-graph`, `docc convert` per module (each against the archives of the modules it
# depends on), `docc merge`, and two small Swift scripts.
#
# Settings (environment):
#   DOCS_BASE_PATH    where the site is served: empty for the root of a server, or a path such
#                     as `workflow-swift` for https://<host>/workflow-swift/
#   DOCS_SOURCE_URL   where the articles' links to repository files (the sample sources, the
#                     README) go. Empty (the default): the site carries a page for each linked
#                     file, `source/PATH.html`, so the links work wherever the site is served.
#                     Set to where the repository is browsed (a URL that, followed by `/PATH`,
#                     shows a file), they go there instead.
#   DOCS_OUTPUT       the site's folder, docs-site by default
set -euo pipefail

cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
DOCC=${DOCC:-docc}
OUTPUT=${DOCS_OUTPUT:-docs-site}
BASE_PATH=${DOCS_BASE_PATH:-}
BASE_PATH=${BASE_PATH#/}
BASE_PATH=${BASE_PATH%/}
SOURCE_URL=${DOCS_SOURCE_URL:-}
TITLE="Workflow for Swift"
BUNDLE_PREFIX=org.workflow-swift

# Module and catalog, in dependency order: each module links to those before it.
catalogs=(
  "WorkflowReactive WorkflowReactive/WorkflowReactive.docc"
  "Workflow Workflow/Workflow.docc"
  "WorkflowTesting WorkflowTesting/WorkflowTesting.docc"
  "TerminalUI Samples/TerminalUI/TerminalUI.docc"
)
landing=Documentation/WorkflowForSwift.docc

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

# Where the articles' links to repository files go (see DOCS_SOURCE_URL above).
site_root="/${BASE_PATH:+$BASE_PATH/}"
if [[ -n "$SOURCE_URL" ]]; then
  link_base=$SOURCE_URL
  link_suffix=""
else
  link_base="${site_root}source"
  link_suffix=".html"
fi
linked="$work/linked-files"
: >"$linked"

modules=()
for entry in "${catalogs[@]}"; do
  read -r module catalog <<<"$entry"
  graphs="$("$SWIFT" build --package-path "$(package_of "$module")" --show-bin-path)/../symbolgraph"
  if [[ ! -f "$graphs/$module.symbols.json" ]]; then
    echo "$dump_log" >&2
    echo "build-docs: no symbol graph for $module" >&2
    exit 1
  fi
  # Only this module's graphs: its own symbols and its extensions of other modules' types.
  mkdir -p "$work/graphs/$module"
  cp "$graphs/$module.symbols.json" "$work/graphs/$module/"
  cp "$graphs/$module"@*.symbols.json "$work/graphs/$module/" 2>/dev/null || true
  modules+=("$module $catalog")
done

echo "==> doc comments of public symbols"
"$SWIFT" scripts/check-doc-comments.swift "$work"/graphs/*/*.symbols.json

# Every archive is built for the same place on the server.
hosting=(--transform-for-static-hosting)
if [[ -n "$BASE_PATH" ]]; then
  hosting+=(--hosting-base-path "$BASE_PATH")
fi

archives=()
dependencies=()
for entry in "${modules[@]}"; do
  read -r module catalog <<<"$entry"
  echo "==> $module"
  # A copy of the catalog whose links to repository files go where DOCS_SOURCE_URL says.
  "$SWIFT" scripts/docs-site.swift prepare-catalog "$catalog" "$work/catalogs/$module.docc" \
    "$link_base" "$link_suffix" "$linked"
  "$DOCC" convert "$work/catalogs/$module.docc" \
    --additional-symbol-graph-dir "$work/graphs/$module" \
    --output-path "$work/$module.doccarchive" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "$BUNDLE_PREFIX.$module" \
    --enable-experimental-external-link-support \
    "${dependencies[@]}" \
    "${hosting[@]}" \
    --warnings-as-errors
  archives+=("$work/$module.doccarchive")
  dependencies+=(--dependency "$work/$module.doccarchive")
done

echo "==> one site"
"$DOCC" merge "${archives[@]}" \
  --synthesized-landing-page-name "$TITLE" \
  --synthesized-landing-page-kind Project \
  --synthesized-landing-page-topics-style list \
  --output-path "$work/site.doccarchive"

# The landing page: DocC renders the project's landing article, whose text then replaces the
# bare module list that the merge synthesized (the list stays, below the text).
"$SWIFT" scripts/docs-site.swift prepare-catalog "$landing" "$work/catalogs/landing.docc" \
  "$link_base" "$link_suffix" "$linked"
"$DOCC" convert "$work/catalogs/landing.docc" \
  --output-path "$work/landing.doccarchive" \
  --fallback-display-name "$TITLE" \
  --fallback-bundle-identifier "$BUNDLE_PREFIX.site" \
  --warnings-as-errors
"$SWIFT" scripts/docs-site.swift landing "$work/site.doccarchive" \
  "$work/landing.doccarchive/data/documentation/workflowforswift.json"

if [[ -n "$SOURCE_URL" ]]; then
  "$SWIFT" scripts/docs-site.swift check-links "$work/site.doccarchive"
else
  echo "==> pages of the linked repository files"
  revision="the files the site was built from"
  if commit=$(git rev-parse --short HEAD 2>/dev/null); then
    revision="commit $commit"
    if [[ -n $(git status --porcelain --untracked-files=no 2>/dev/null) ]]; then
      revision+=" with local changes"
    fi
  fi
  "$SWIFT" scripts/docs-site.swift source-pages "$linked" "$work/source" \
    "${site_root}documentation/" "$revision"
  "$SWIFT" scripts/docs-site.swift check-links "$work/site.doccarchive" "$link_base/" \
    "$work/source"
fi

"$DOCC" process-archive transform-for-static-hosting "$work/site.doccarchive" \
  --output-path "$work/static" ${BASE_PATH:+--hosting-base-path "$BASE_PATH"}
if [[ -z "$SOURCE_URL" ]]; then
  mv "$work/source" "$work/static/source"
fi

# Page titles and the navigation bar name the project ("Worker | Workflow for Swift"), not
# "Documentation". The page title follows theme-settings.json only once the settings have loaded,
# and the bar's label is a string of the renderer's English texts: both are set in the renderer's
# script too, which must hold each string once (a new DocC renderer may need these lines).
echo "{\"meta\": {\"title\": \"$TITLE\"}}" >"$work/static/theme-settings.json"
find "$work/static" -name index.html -exec \
  sed -i "s|<title>Documentation</title>|<title>$TITLE</title>|" {} +
renderer=$(ls "$work"/static/js/index.*.js)
for text in '"documentation":{"title":"Documentation"' '["meta","title"],"Documentation")'; do
  if [[ $(grep -oF "$text" "$renderer" | wc -l) != 1 ]]; then
    echo "build-docs: the DocC renderer no longer holds $text once; update build-docs.sh" >&2
    exit 1
  fi
done
sed -i -e "s|\"documentation\":{\"title\":\"Documentation\"|\"documentation\":{\"title\":\"$TITLE\"|" \
  -e "s|\[\"meta\",\"title\"\],\"Documentation\")|[\"meta\",\"title\"],\"$TITLE\")|" "$renderer"
cat >"$work/static/index.html" <<HTML
<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>$TITLE</title>
<meta http-equiv="refresh" content="0; url=documentation/">
<p><a href="documentation/">$TITLE documentation</a></p>
</html>
HTML

rm -rf "$OUTPUT"
mv "$work/static" "$OUTPUT"
echo "==> documentation in $OUTPUT/, to be served at /${BASE_PATH:+$BASE_PATH/}"
