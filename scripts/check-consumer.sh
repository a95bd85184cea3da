#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Adopts the libraries as a new user would: for each example package of the README's "Add it to
# your package" (Counter: Workflow + WorkflowTesting; Readings: WorkflowReactive alone), runs
# `swift package init`, writes the README's files over it, and builds and tests it with the
# README's dependency line as written, only its URL replaced by a `file://` URL to a fresh git
# clone of the commit under test.
#
# What is tested is the checkout's commit (HEAD), not its working tree: the clone gets that
# commit as its `main` branch (CI's checkout may be a detached HEAD without a local `main`) and
# the checkout's tags, and the README read is the commit's. SwiftPM resolves and fetches with a
# cache and a configuration of its own in the temporary folder, so no cached clone and no mirror
# set up on the machine can stand in for the clone.
#
# Fails when a step fails, when the dependency resolves to another commit than the one under
# test (for a `branch:` line), when the output mentions libedit (only the Samples package needs
# it), or when Readings builds more than WorkflowReactive.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
SWIFT=${SWIFT:-swift}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() {
  echo "check-consumer: $*" >&2
  exit 1
}

commit=$(git -C "$repo" rev-parse --verify HEAD)
if [[ -n $(git -C "$repo" status --porcelain --untracked-files=no) ]]; then
  echo "check-consumer: the checkout has uncommitted changes; they are not part of the check," \
    "which tests the commit $commit" >&2
fi

# The manifests name the package `workflow-swift`: the identity SwiftPM gives a URL whose last
# part is `workflow-swift` or `workflow-swift.git`.
clone="$work/workflow-swift"
echo "==> a clone of $commit as main, in $clone"
git init --quiet --initial-branch=main "$clone"
git -C "$clone" fetch --quiet --no-tags "$repo" "$commit"
git -C "$clone" fetch --quiet "$repo" 'refs/tags/*:refs/tags/*'
git -C "$clone" checkout --quiet -B main "$commit"
[[ $(git -C "$clone" rev-parse main) == "$commit" ]] || fail "the clone's main is not $commit"

swiftpm=(--cache-path "$work/swiftpm-cache" --config-path "$work/swiftpm-config")
# SwiftPM's own temporary files and locks too, so that nothing is left behind in /tmp.
mkdir "$work/tmp"
export TMPDIR="$work/tmp"

for package in Readings Counter; do
  echo "==> $package: swift package init, then the README's files"
  mkdir "$work/$package"
  (cd "$work/$package" && "$SWIFT" package init --type library --name "$package" >/dev/null)
  "$clone/scripts/markdown-files.sh" "$clone/README.md" "$work/$package" "$package/"

  manifest="$work/$package/Package.swift"
  # The dependency line, on one line: `.package(url: "...", branch: "main")`.
  line=$(perl -0ne 'while (/(\.package\(\s*url:\s*"[^"]*",\s*[^)]*\))/g) {
      ($l = $1) =~ s/\(\s+/(/; $l =~ s/\s+/ /g; print "$l\n" }' "$manifest")
  [[ -n "$line" && $(wc -l <<<"$line") == 1 ]] ||
    fail "$package's manifest in the README has no single .package(url: ...) line"
  echo "    README: $line"
  CLONE_URL="file://$clone" perl -0pi -e 's/(\.package\(\s*url:\s*)"[^"]*"/$1"$ENV{CLONE_URL}"/' \
    "$manifest"

  log="$work/$package.log"
  echo "==> $package: swift build, swift test"
  if ! (cd "$work/$package" && "$SWIFT" build "${swiftpm[@]}" --build-tests -v &&
    "$SWIFT" test "${swiftpm[@]}") >"$log" 2>&1; then
    cat "$log" >&2
    fail "$package does not build or pass its tests"
  fi
  grep 'Test run with' "$log" | tail -1

  resolved=$(sed -n 's/.*"revision" *: *"\([0-9a-f]*\)".*/\1/p' "$work/$package/Package.resolved")
  version=$(sed -n 's/.*"version" *: *"\([^"]*\)".*/\1/p' "$work/$package/Package.resolved")
  echo "    resolved to ${version:+version $version, }commit $resolved"
  if [[ "$line" == *branch:* && "$resolved" != "$commit" ]]; then
    fail "$package resolved workflow-swift to $resolved, not the commit under test $commit"
  fi
  if grep -i libedit "$log" >&2; then
    fail "$package's build mentions libedit (above)"
  fi
  if [[ "$package" == Readings ]] && grep -E '/(Workflow|WorkflowTesting)\.build/' "$log" >/dev/null
  then
    fail "a WorkflowReactive-only package built Workflow or WorkflowTesting"
  fi
done
echo "==> check-consumer: both packages build and pass their tests with the README's line," \
  "no word of libedit"
