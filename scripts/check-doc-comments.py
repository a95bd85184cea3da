#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Lists the public symbols of the given symbol graph files that have no doc comment.

Usage: check-doc-comments.py FILE.symbols.json...
Exits 1 when any symbol lacks one. Members a type inherits from a protocol's default
implementation in another module, and compiler-synthesized members, are skipped: their
documentation lives where they are declared.
"""

import json
import sys


def undocumented(path):
    with open(path) as file:
        graph = json.load(file)
    module = graph["module"]["name"]
    missing = []
    for symbol in graph["symbols"]:
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        identifier = symbol["identifier"]["precise"]
        # Synthesized members carry "::SYNTHESIZED::" in their identifier.
        if "::SYNTHESIZED::" in identifier:
            continue
        if symbol.get("docComment", {}).get("lines"):
            continue
        location = symbol.get("location", {})
        where = location.get("uri", "?").split("/")[-1]
        line = location.get("position", {}).get("line", -1) + 1
        title = ".".join(symbol["pathComponents"])
        missing.append(f"{module}: {title} ({where}:{line})")
    return missing


def main(paths):
    missing = [entry for path in paths for entry in undocumented(path)]
    for entry in sorted(set(missing)):
        print(f"undocumented public symbol: {entry}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
