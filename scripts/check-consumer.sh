#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Adopts the libraries as a new user would: for each example package of the README's "Add it to
# your package" (Counter: Workflow + WorkflowTesting; Readings: WorkflowReactive alone), runs
# `swift package init`, writes the README's files over it, points the dependency at this
# checkout instead of the URL, then builds and tests it. Fails when a step fails, when the output
# mentions libedit (only the Samples package needs it), or when Readings builds more than
# WorkflowReactive.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
SWIFT=${SWIFT:-swift}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The manifests name the package `workflow-swift`, the identity SwiftPM gives the repository's URL
# and, for a path dependency, the folder's name.
ln -s "$repo" "$work/workflow-swift"

for package in Readings Counter; do
  echo "==> $package: swift package init, then the README's files"
  mkdir "$work/$package"
  (cd "$work/$package" && "$SWIFT" package init --type library --name "$package" >/dev/null)
  "$repo/scripts/markdown-files.sh" "$repo/README.md" "$work/$package" "$package/"
  perl -0pi -e 's/\.package\(\s*url: "[^"]*",\s*from: "[^"]*"\)/.package(path: "..\/workflow-swift")/g' \
    "$work/$package/Package.swift"
  if ! grep -q 'path: "../workflow-swift"' "$work/$package/Package.swift"; then
    echo "check-consumer: no .package(url: ..., from: ...) line in $package's manifest" >&2
    exit 1
  fi

  log="$work/$package.log"
  echo "==> $package: swift build, swift test"
  if ! (cd "$work/$package" && "$SWIFT" build --build-tests -v && "$SWIFT" test) >"$log" 2>&1; then
    cat "$log" >&2
    echo "check-consumer: $package does not build or pass its tests" >&2
    exit 1
  fi
  grep 'Test run with' "$log" | tail -1
  if grep -i libedit "$log" >&2; then
    echo "check-consumer: $package's build mentions libedit (above)" >&2
    exit 1
  fi
  if [[ "$package" == Readings ]] && grep -E '/(Workflow|WorkflowTesting)\.build/' "$log" >/dev/null; then
    echo "check-consumer: a WorkflowReactive-only package built Workflow or WorkflowTesting" >&2
    exit 1
  fi
done
echo "==> check-consumer: both packages build and pass their tests, no word of libedit"
