#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Writes out the files a Markdown document spells out. A fenced code block whose line before is
# `<!-- file: PATH -->` belongs to PATH; the blocks of one PATH are joined in order with a blank
# line between them. The README's package examples and the "Your first workflow" tutorial are
# checked this way: the files are built exactly as a reader would copy them.
#
# Usage: scripts/markdown-files.sh DOCUMENT.md DESTINATION [PREFIX]
# Only paths under PREFIX (default: all) are written; PREFIX is removed from them.
set -euo pipefail

document=$1
destination=$2
prefix=${3:-}

paths=$(sed -n 's/^<!-- file: \(.*\) -->$/\1/p' "$document" | awk '!seen[$0]++')
if [[ -z "$paths" ]]; then
  echo "markdown-files: no <!-- file: PATH --> block in $document" >&2
  exit 1
fi

written=0
while IFS= read -r path; do
  [[ "$path" == "$prefix"* ]] || continue
  target="$destination/${path#"$prefix"}"
  mkdir -p "$(dirname "$target")"
  awk -v marker="<!-- file: $path -->" '
    inside && /^```$/ { inside = 0; next }
    inside { print; next }
    previous == marker && /^```/ {
      if (blocks++) print ""
      inside = 1
    }
    { previous = $0 }
    END { exit blocks == 0 }
  ' "$document" >"$target" || {
    echo "markdown-files: <!-- file: $path --> is not right above a code block's fence" >&2
    exit 1
  }
  written=$((written + 1))
done <<<"$paths"

if ((written == 0)); then
  echo "markdown-files: no <!-- file: $prefix... --> block in $document" >&2
  exit 1
fi
