// SPDX-License-Identifier: Apache-2.0
//
// Lists the public symbols of the given symbol graph files that have no doc comment, and exits
// with status 1 when there is any. Compiler-synthesized members are skipped: their
// documentation lives where they are declared. Written in Swift so that `make docs` needs
// nothing but the toolchain.
//
// Usage: swift scripts/check-doc-comments.swift FILE.symbols.json...

import Foundation

func undocumentedSymbols(in path: String) throws -> [String] {
  let data = try Data(contentsOf: URL(fileURLWithPath: path))
  guard let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any],
    let module = (graph["module"] as? [String: Any])?["name"] as? String,
    let symbols = graph["symbols"] as? [[String: Any]]
  else {
    throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path])
  }
  var missing: [String] = []
  for symbol in symbols {
    guard let access = symbol["accessLevel"] as? String, access == "public" || access == "open"
    else { continue }
    let identifier = (symbol["identifier"] as? [String: Any])?["precise"] as? String ?? ""
    if identifier.contains("::SYNTHESIZED::") { continue }
    let lines = (symbol["docComment"] as? [String: Any])?["lines"] as? [Any] ?? []
    if !lines.isEmpty { continue }
    let title = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
    let location = symbol["location"] as? [String: Any]
    let file = (location?["uri"] as? String ?? "?").split(separator: "/").last ?? "?"
    let line = ((location?["position"] as? [String: Any])?["line"] as? Int ?? -1) + 1
    missing.append("\(module): \(title) (\(file):\(line))")
  }
  return missing
}

var missing: Set<String> = []
for path in CommandLine.arguments.dropFirst() {
  do {
    missing.formUnion(try undocumentedSymbols(in: path))
  } catch {
    print("check-doc-comments: cannot read \(path): \(error)")
    exit(2)
  }
}
for entry in missing.sorted() {
  print("undocumented public symbol: \(entry)")
}
exit(missing.isEmpty ? 0 : 1)
