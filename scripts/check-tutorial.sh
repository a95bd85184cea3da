#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Follows "Your first workflow" (Workflow/Workflow.docc/YourFirstWorkflow.md) as a reader would,
# in a new temporary folder beside a link to this checkout: runs the article's first `sh` block
# as written (it makes the package with `swift package init`), writes every file the article
# spells out (`<!-- file: PATH -->` blocks, over what init made), builds, runs the app with the
# input the article describes and compares what it prints with the article's output block, then
# runs the tests. Fails at the first step that does not do what the article says.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
article="$repo/Workflow/Workflow.docc/YourFirstWorkflow.md"
SWIFT=${SWIFT:-swift}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() {
  echo "check-tutorial: $*" >&2
  exit 1
}

# The article's manifest depends on `../workflow-swift`: the folder the reader cloned into.
ln -s "$repo" "$work/workflow-swift"

echo "==> the article's commands"
commands=$(awk '/^```sh$/ { inside = 1; next } inside && /^```$/ { exit } inside' "$article")
[[ -n "$commands" ]] || fail "no sh block in $article"
echo "$commands"
package=$(cd "$work" && \
  bash -euo pipefail -c "$commands"$'\n''pwd >&3' 3>&1 >/dev/null)
[[ -f "$package/Package.swift" ]] || fail "the commands made no package"

echo "==> the article's files, in ${package#"$work"/}"
"$repo/scripts/markdown-files.sh" "$article" "$package"
(cd "$package" && find . -name '*.swift' -not -path './.build/*' | sort)

echo "==> swift build"
log="$work/build.log"
(cd "$package" && "$SWIFT" build --build-tests) >"$log" 2>&1 || { cat "$log" >&2; fail "build"; }

# "Run it with `swift run NAME`, press Return three times, then Ctrl-D": three empty lines.
run_line=$(sed -n 's/^<!-- output: \(.*\) -->$/\1/p' "$article")
[[ "$run_line" == "swift run "* ]] || fail "no <!-- output: swift run NAME --> block"
expected=$(awk -v marker="<!-- output: $run_line -->" '
  inside && /^```$/ { exit }
  inside { print; next }
  previous == marker && /^```/ { inside = 1 }
  { previous = $0 }
' "$article")
echo "==> $run_line, Return three times, Ctrl-D"
actual=$(cd "$package" && printf '\n\n\n' | "$SWIFT" run --quiet "${run_line#swift run }")
if [[ "$actual" != "$expected" ]]; then
  diff <(echo "$expected") <(echo "$actual") >&2 || true
  fail "the app's output differs from the article's (- article, + app)"
fi
echo "$actual"

echo "==> swift test"
(cd "$package" && "$SWIFT" test) >"$log" 2>&1 || { cat "$log" >&2; fail "tests"; }
summary=$(grep 'Test run with' "$log" | tail -1)
echo "$summary"
count=$(sed -n 's/.*`swift test` runs the \([a-z]*\) tests.*/\1/p' "$article")
case "$count" in
  one) count=1 ;; two) count=2 ;; three) count=3 ;; four) count=4 ;; five) count=5 ;;
  *) fail "the article does not say how many tests \`swift test\` runs" ;;
esac
[[ "$summary" == *"with $count tests"*"passed"* ]] || fail "expected $count passing tests"
echo "==> check-tutorial: the article works as written"
