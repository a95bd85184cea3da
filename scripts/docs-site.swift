// SPDX-License-Identifier: Apache-2.0
//
// The steps of `scripts/build-docs.sh` that DocC has no option for. Written in Swift so that
// `make docs` needs nothing but the toolchain.
//
//   swift scripts/docs-site.swift prepare-catalog CATALOG COPY LINK_BASE LINK_SUFFIX LIST
//     Copies the catalog CATALOG to COPY. In its Markdown, a link whose target is a path
//     relative to the article (`[main.swift](../../Samples/Apps/todo/main.swift)`, which works
//     when the repository is browsed) becomes a link to LINK_BASE, a slash, the file's path in
//     the repository and LINK_SUFFIX; an image's link is left for DocC. Appends each linked
//     path to the file LIST, one a line.
//     Fails on a link that reaches no file of the repository.
//
//   swift scripts/docs-site.swift source-pages LIST FOLDER HOME REVISION
//     Writes, for each repository path of the file LIST, a page FOLDER/PATH.html that shows
//     the file's text, titled with its path, linking to HOME (the site's first page) and
//     naming REVISION (what the files were taken from).
//
//   swift scripts/docs-site.swift landing ARCHIVE PAGE_JSON
//     Gives the landing page of the merged archive ARCHIVE (the module list that `docc merge`
//     synthesizes) the abstract and content of PAGE_JSON, the page DocC rendered from the
//     project's landing catalog.
//
//   swift scripts/docs-site.swift check-links ARCHIVE [PREFIX FOLDER]
//     Fails on a link of any page to a path of the site that has no page: DocC checks links
//     within a module, not plain links across the merged site. A link that starts with PREFIX
//     must name a file of FOLDER (the rest of the link being its path there).

import Foundation

struct Failure: Error, CustomStringConvertible {
  var description: String
}

let fileManager = FileManager.default
let repository = URL(fileURLWithPath: fileManager.currentDirectoryPath).standardized
let title = "Workflow for Swift"

/// `path` as an absolute file URL, relative paths taken from the current folder.
func absolute(_ path: String) -> URL {
  URL(fileURLWithPath: path, relativeTo: repository).absoluteURL.standardized
}

/// Where a link to a repository file goes: `base/PATH` followed by `suffix`.
struct LinkTarget {
  var base: String
  var suffix: String

  func link(to path: Substring) -> String {
    (base.hasSuffix("/") ? String(base.dropLast()) : base) + "/" + path + suffix
  }
}

func prepareCatalog(from catalog: URL, to copy: URL, target: LinkTarget, list: URL) throws {
  try? fileManager.removeItem(at: copy)
  try fileManager.createDirectory(
    at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
  try fileManager.copyItem(at: catalog, to: copy)
  guard let files = fileManager.enumerator(atPath: catalog.path) else { return }
  var linked: [Substring] = []
  while let relative = files.nextObject() as? String {
    guard relative.hasSuffix(".md") else { continue }
    let original = catalog.appendingPathComponent(relative)
    let text = try String(contentsOf: original, encoding: .utf8)
    let rewritten = try rewriteLinks(
      in: text, of: original.deletingLastPathComponent(), target: target, file: relative,
      linked: &linked)
    try rewritten.write(
      to: copy.appendingPathComponent(relative), atomically: true, encoding: .utf8)
  }
  let previous = (try? String(contentsOf: list, encoding: .utf8)) ?? ""
  try (previous + linked.map { $0 + "\n" }.joined()).write(
    to: list, atomically: true, encoding: .utf8)
}

/// `text` with each `](path)` that is relative to `folder` replaced by a link to `target`; the
/// repository paths linked are added to `linked`.
func rewriteLinks(
  in text: String, of folder: URL, target linkTarget: LinkTarget, file: String,
  linked: inout [Substring]
) throws -> String {
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
    // An image (`![alt](name.png)`) is DocC's to find among the catalog's resources.
    let opening = result.dropLast(2).lastIndex(of: "[")
    if let opening, opening > result.startIndex, result[result.index(before: opening)] == "!" {
      result += target
      continue
    }
    let resolved = folder.appendingPathComponent(String(target)).standardized
    guard resolved.path.hasPrefix(repository.path + "/"),
      fileManager.fileExists(atPath: resolved.path)
    else {
      throw Failure(description: "\(file): the link \(target) reaches no file of the repository")
    }
    let path = resolved.path.dropFirst(repository.path.count + 1)
    linked.append(path)
    result += linkTarget.link(to: path)
  }
  return result + rest
}

/// A page for each repository path listed in `list`, at `folder/PATH.html`, showing the file.
func writeSourcePages(list: URL, folder: URL, home: String, revision: String) throws {
  let paths = Set(try String(contentsOf: list, encoding: .utf8).split(separator: "\n"))
  for path in paths.sorted() {
    let text = try String(
      contentsOf: repository.appendingPathComponent(String(path)), encoding: .utf8)
    let page = folder.appendingPathComponent(path + ".html")
    try fileManager.createDirectory(
      at: page.deletingLastPathComponent(), withIntermediateDirectories: true)
    let html = """
      <!doctype html>
      <html lang="en">
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(escaped(String(path))) | \(escaped(title))</title>
      <style>
      body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 0 auto;
        padding: 1rem 2rem; color: #1d1d1f; }
      h1 { font-size: 1.4rem; }
      pre { font: 14px/1.45 ui-monospace, Menlo, monospace; background: #f5f5f7;
        padding: 1rem; border-radius: 8px; overflow-x: auto; }
      </style>
      <p><a href="\(escaped(home))">\(escaped(title))</a></p>
      <h1><code>\(escaped(String(path)))</code></h1>
      <p>The repository's file, as of \(escaped(revision)).</p>
      <pre><code>\(escaped(text))</code></pre>
      </html>

      """
    try html.write(to: page, atomically: true, encoding: .utf8)
  }
}

/// `text` with the characters HTML gives a meaning replaced by their entities.
func escaped(_ text: String) -> String {
  var result = ""
  for character in text {
    switch character {
    case "&": result += "&amp;"
    case "<": result += "&lt;"
    case ">": result += "&gt;"
    case "\"": result += "&quot;"
    default: result.append(character)
    }
  }
  return result
}

func spliceLanding(archive: URL, page: URL) throws {
  let landingURL = archive.appendingPathComponent("data/documentation.json")
  guard
    var landing = try JSONSerialization.jsonObject(with: Data(contentsOf: landingURL))
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
func checkLinks(archive: URL, files: (prefix: String, folder: URL)?) throws {
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
      if let files, url.hasPrefix(files.prefix) {
        let path = files.folder.path + "/" + url.dropFirst(files.prefix.count)
        if !fileManager.fileExists(atPath: path) {
          broken.append("\(page): a link to \(url), which the site lacks")
        }
        continue
      }
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
  case ("prepare-catalog", 6):
    try prepareCatalog(
      from: absolute(arguments[1]), to: absolute(arguments[2]),
      target: LinkTarget(base: arguments[3], suffix: arguments[4]), list: absolute(arguments[5]))
  case ("source-pages", 5):
    try writeSourcePages(
      list: absolute(arguments[1]), folder: absolute(arguments[2]), home: arguments[3],
      revision: arguments[4])
  case ("landing", 3):
    try spliceLanding(
      archive: absolute(arguments[1]), page: absolute(arguments[2]))
  case ("check-links", 2):
    try checkLinks(archive: absolute(arguments[1]), files: nil)
  case ("check-links", 4):
    try checkLinks(
      archive: absolute(arguments[1]), files: (arguments[2], absolute(arguments[3])))
  default:
    print(
      """
      usage: docs-site.swift prepare-catalog CATALOG COPY LINK_BASE LINK_SUFFIX LIST
             docs-site.swift source-pages LIST FOLDER HOME REVISION
             docs-site.swift landing ARCHIVE PAGE_JSON
             docs-site.swift check-links ARCHIVE [PREFIX FOLDER]
      """)
    exit(2)
  }
} catch {
  print("docs-site: \(error)")
  exit(1)
}
