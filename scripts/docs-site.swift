// SPDX-License-Identifier: Apache-2.0
//
// The steps of `scripts/build-docs.sh` that DocC has no option for. Written in Swift so that
// `make docs` needs nothing but the toolchain.
//
//   swift scripts/docs-site.swift prepare-catalog CATALOG COPY SOURCE_URL
//     Copies the catalog CATALOG to COPY. In its Markdown, a link whose target is a path
//     relative to the article (`[main.swift](../../Samples/Apps/todo/main.swift)`, which works
//     when the repository is browsed) becomes a link to SOURCE_URL followed by the file's path
//     in the repository. Fails on a link that reaches no file of the repository.
//
//   swift scripts/docs-site.swift landing ARCHIVE PAGE_JSON
//     Gives the landing page of the merged archive ARCHIVE (the module list that `docc merge`
//     synthesizes) the abstract and content of PAGE_JSON, the page DocC rendered from the
//     project's landing catalog.
//
//   swift scripts/docs-site.swift check-links ARCHIVE
//     Fails on a link of any page to a path of the site that has no page: DocC checks links
//     within a module, not plain links across the merged site.

import Foundation

struct Failure: Error, CustomStringConvertible {
  var description: String
}

let fileManager = FileManager.default
let repository = URL(fileURLWithPath: fileManager.currentDirectoryPath).standardized

/// `path` as an absolute file URL, relative paths taken from the current folder.
func absolute(_ path: String) -> URL {
  URL(fileURLWithPath: path, relativeTo: repository).absoluteURL.standardized
}

func prepareCatalog(from catalog: URL, to copy: URL, sourceURL: String) throws {
  try? fileManager.removeItem(at: copy)
  try fileManager.createDirectory(
    at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
  try fileManager.copyItem(at: catalog, to: copy)
  let base = sourceURL.hasSuffix("/") ? String(sourceURL.dropLast()) : sourceURL
  guard let files = fileManager.enumerator(atPath: catalog.path) else { return }
  while let relative = files.nextObject() as? String {
    guard relative.hasSuffix(".md") else { continue }
    let original = catalog.appendingPathComponent(relative)
    let text = try String(contentsOf: original, encoding: .utf8)
    let rewritten = try rewriteLinks(
      in: text, of: original.deletingLastPathComponent(), sourceURL: base, file: relative)
    try rewritten.write(to: copy.appendingPathComponent(relative), atomically: true, encoding: .utf8)
  }
}

/// `text` with each `](path)` that is relative to `folder` replaced by `](sourceURL/path)`.
func rewriteLinks(in text: String, of folder: URL, sourceURL: String, file: String) throws
  -> String
{
  var result = ""
  var rest = text[...]
  while let open = rest.range(of: "](") {
    result += rest[..<open.upperBound]
    rest = rest[open.upperBound...]
    guard let close = rest.firstIndex(of: ")") else { break }
    let target = rest[..<close]
    rest = rest[close...]
    if target.isEmpty || target.contains(":") || target.hasPrefix("#") || target.hasPrefix("/") {
      result += target
      continue
    }
    let resolved = folder.appendingPathComponent(String(target)).standardized
    guard resolved.path.hasPrefix(repository.path + "/"),
      fileManager.fileExists(atPath: resolved.path)
    else {
      throw Failure(description: "\(file): the link \(target) reaches no file of the repository")
    }
    result += sourceURL + "/" + resolved.path.dropFirst(repository.path.count + 1)
  }
  return result + rest
}

func spliceLanding(archive: URL, page: URL) throws {
  let landingURL = archive.appendingPathComponent("data/documentation.json")
  guard var landing = try JSONSerialization.jsonObject(with: Data(contentsOf: landingURL))
    as? [String: Any],
    let content = try JSONSerialization.jsonObject(with: Data(contentsOf: page)) as? [String: Any]
  else { throw Failure(description: "unreadable render JSON") }
  var references = landing["references"] as? [String: Any] ?? [:]
  for (identifier, reference) in content["references"] as? [String: Any] ?? [:] {
    references[identifier] = reference
  }
  landing["references"] = references
  landing["abstract"] = content["abstract"]
  landing["primaryContentSections"] = content["primaryContentSections"]
  let data = try JSONSerialization.data(withJSONObject: landing, options: [.sortedKeys])
  try data.write(to: landingURL)
}

/// Checks every link of every page of `archive` to a path of the site, such as an article's
/// `[Composition patterns](/documentation/workflow/compositionpatterns)` to another module's
/// article, which DocC does not check.
func checkLinks(archive: URL) throws {
  let data = archive.appendingPathComponent("data")
  guard let pages = fileManager.enumerator(atPath: data.path) else { return }
  var broken: [String] = []
  while let page = pages.nextObject() as? String {
    guard page.hasSuffix(".json") else { continue }
    let json = try Data(contentsOf: data.appendingPathComponent(page))
    let node = try JSONSerialization.jsonObject(with: json) as? [String: Any] ?? [:]
    for case let reference as [String: Any] in (node["references"] as? [String: Any])?.values
      ?? [:].values
    where reference["type"] as? String == "link" {
      guard let url = reference["url"] as? String, url.hasPrefix("/") else { continue }
      let path = url.split(separator: "#")[0].lowercased()
      if !fileManager.fileExists(atPath: data.path + path + ".json") {
        broken.append("\(page): a link to \(url), which the site lacks")
      }
    }
  }
  if !broken.isEmpty {
    throw Failure(description: broken.sorted().joined(separator: "\n"))
  }
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
  switch (arguments.first, arguments.count) {
  case ("prepare-catalog", 4):
    try prepareCatalog(
      from: absolute(arguments[1]), to: absolute(arguments[2]), sourceURL: arguments[3])
  case ("landing", 3):
    try spliceLanding(
      archive: absolute(arguments[1]), page: absolute(arguments[2]))
  case ("check-links", 2):
    try checkLinks(archive: absolute(arguments[1]))
  default:
    print(
      """
      usage: docs-site.swift prepare-catalog CATALOG COPY SOURCE_URL
             docs-site.swift landing ARCHIVE PAGE_JSON
             docs-site.swift check-links ARCHIVE
      """)
    exit(2)
  }
} catch {
  print("docs-site: \(error)")
  exit(1)
}
