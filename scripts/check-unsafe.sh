#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Fails when the libraries' code holds an unsafe token that scripts/unsafe-allowlist.txt does not
# list, or lists one that is gone: every shortcut past Swift's checks is on the list with the
# benchmark row it pays for.
#
# usage: scripts/check-unsafe.sh [DIRECTORY ...]   (default: Workflow WorkflowTesting)
# UNSAFE_ALLOWLIST names another allowlist (the script's tests use it).
#
# A token is an identifier containing "unsafe", "Unsafe" or "Unchecked" (unsafeBitCast,
# unsafeDowncast, UnsafeMutablePointer, withUnsafeBufferPointer, unsafelyUnwrapped,
# UncheckedSendable, ...), Unmanaged, assumingMemoryBound, bindMemory, malloc and free,
# unowned(unsafe), nonisolated(unsafe), @exclusivity(unchecked) and @unchecked Sendable, counted
# per file outside comments. The allowlist gives, per file and token, how many there
# may be; see its header for the format.
set -euo pipefail

cd "$(dirname "$0")/.."
allowlist=${UNSAFE_ALLOWLIST:-scripts/unsafe-allowlist.txt}
[ "$#" -gt 0 ] || set -- Workflow WorkflowTesting

# file<TAB>token for every occurrence, outside // comments (a line's code before its comment).
found=$(
  find "$@" -name '*.swift' -print0 | sort -z | xargs -0 awk '
    {
      line = $0
      sub(/^[ \t]*\/\/.*$/, "", line)
      sub(/[ \t]\/\/.*$/, "", line)
      while (match(line, /@exclusivity\(unchecked\)|@unchecked Sendable|(unowned|nonisolated)\(unsafe\)|[A-Za-z_]*([Uu]nsafe|Unchecked)[A-Za-z_]*|Unmanaged|assumingMemoryBound|bindMemory|(^|[^A-Za-z_.])(malloc|free)\(/)) {
        token = substr(line, RSTART, RLENGTH)
        sub(/^[^A-Za-z_@]/, "", token)
        sub(/\($/, "", token)
        if (token !~ /^@|\(unsafe\)$/) sub(/\(.*$/, "", token)
        print FILENAME "\t" token
        line = substr(line, RSTART + RLENGTH)
      }
    }' | sort | uniq -c | sed -E 's/^ *([0-9]+) (.*)$/\2\t\1/'
)

# file<TAB>token<TAB>count from the allowlist: `file | token | count | row | measured`.
allowed=$(
  awk -F'|' '
    /^[ \t]*(#|$)/ { next }
    {
      for (i = 1; i <= 3; i++) { gsub(/^[ \t]+|[ \t]+$/, "", $i) }
      print $1 "\t" $2 "\t" $3
    }' "$allowlist" | sort
)

status=0
while IFS=$'\t' read -r file token count; do
  [ -n "$file" ] || continue
  listed=$(awk -F'\t' -v f="$file" -v t="$token" '$1 == f && $2 == t { print $3 }' <<<"$allowed")
  if [ -z "$listed" ]; then
    echo "check-unsafe: $file uses $token ($count) and $allowlist does not list it" >&2
    status=1
  elif [ "$count" -gt "$listed" ]; then
    echo "check-unsafe: $file uses $token $count times; $allowlist allows $listed" >&2
    status=1
  elif [ "$count" -lt "$listed" ]; then
    echo "check-unsafe: $file uses $token $count times; $allowlist still lists $listed" >&2
    status=1
  fi
done <<<"$found"

while IFS=$'\t' read -r file token count; do
  [ -n "$file" ] || continue
  scanned=false
  for directory in "$@"; do
    [[ "$file" == "${directory%/}"/* ]] && scanned=true
  done
  $scanned || continue
  if ! awk -F'\t' -v f="$file" -v t="$token" '$1 == f && $2 == t { hit = 1 } END { exit !hit }' \
    <<<"$found"; then
    echo "check-unsafe: $allowlist lists $token in $file, which no longer uses it" >&2
    status=1
  fi
done <<<"$allowed"

if [ "$status" -eq 0 ]; then
  echo "check-unsafe: $(wc -l <<<"$found" | tr -d ' ') listed kinds of unsafe token in $*, each on $allowlist"
fi
exit "$status"
