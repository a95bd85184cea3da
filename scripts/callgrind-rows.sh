#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Counts the instructions each benchmark row executes inside its measured loop, per operation,
# with valgrind's callgrind: the figure that stays the same on a busy machine, unlike the clock.
#
# usage: scripts/callgrind-rows.sh [SCENARIO-ID ...]   (every row when none is given)
#
# Builds workflow-bench for release, then runs each row alone under callgrind with
# `--repetitions 1`, counting only inside `runMeasuredTrial` (the one measured run; the warm-up
# and the setup are not counted). Prints `ID instructions-per-operation total-instructions`. A
# memory row (M1) cannot run under valgrind, whose allocator hides glibc's statistics, so it is
# run natively and prints its bytes per node instead.
set -euo pipefail

cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
command -v valgrind >/dev/null || { echo "callgrind-rows: needs valgrind" >&2; exit 1; }

"$SWIFT" build -c release --package-path Benchmarks --product workflow-bench >&2
bench="$("$SWIFT" build -c release --package-path Benchmarks --show-bin-path)/workflow-bench"

if [ "$#" -eq 0 ]; then
  set -- $("$bench" --help | awk '/^scenarios:/ { on = 1; next } on && NF >= 2 { print $1 }')
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf '%-9s %14s %16s\n' row "instr/op" "total instr"
for id in "$@"; do
  json=$("$bench" --json --repetitions 1 "$id")
  if [[ "$json" == *bytes_per_node* ]]; then
    bytes=$(sed -E 's/.*"bytes_per_node": ([0-9.]+).*/\1/' <<<"$json")
    printf '%-9s %14s %16s\n' "$id" "$bytes B/node" "-"
    continue
  fi
  operations=$(sed -E 's/.*"operations": ([0-9]+).*/\1/' <<<"$json")
  valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*runMeasuredTrial*' \
    --callgrind-out-file="$out/$id.out" "$bench" --repetitions 1 "$id" >/dev/null 2>"$out/$id.log"
  total=$(awk '/^summary:/ { print $2 }' "$out/$id.out")
  if [ -z "$total" ] || [ "$total" -eq 0 ]; then
    echo "callgrind-rows: no instructions counted for $id (see $out/$id.log)" >&2
    cat "$out/$id.log" >&2
    exit 1
  fi
  printf '%-9s %14s %16s\n' "$id" "$(awk -v t="$total" -v n="$operations" 'BEGIN { printf "%.1f", t / n }')" "$total"
done
