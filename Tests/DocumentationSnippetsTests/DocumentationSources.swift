// SPDX-License-Identifier: Apache-2.0

// Reading the documentation's sources for ArticleCodeTests: the DocC catalogs' Markdown, the
// `///` comments of the documented modules, and the compiled Swift that their code must match.

import Foundation

/// A fenced code block of an article or a doc comment.
struct CodeBlock {
  /// Where the block's first code line is: `path:line`, the path relative to the repository.
  var location: String
  /// The word after the opening fence (`swift`, `sh`, ...), empty when there is none.
  var language: String
  /// The `<!-- ... -->` lines right above the opening fence, such as `<!-- illustration -->`.
  var markers: [String]
  /// The code lines, as written (a doc comment's `///` prefix removed).
  var lines: [Substring]

  /// Whether the block is marked as code that cannot compile in a test (a manifest, a `@main`).
  var isIllustration: Bool { markers.contains("<!-- illustration -->") }
}

/// The repository's root folder.
let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The modules whose `///` comments are published: the libraries and TerminalUI.
let documentedModuleFolders = [
  "WorkflowReactive", "Workflow", "WorkflowTesting", "Samples/TerminalUI",
]

/// The repository-relative paths of the files under `folder` whose names end with `suffix`,
/// sorted, skipping build folders and hidden files.
func files(under folder: String, endingWith suffix: String) -> [String] {
  let base = repositoryRoot.appendingPathComponent(folder)
  guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { return [] }
  var found: [String] = []
  while let relative = enumerator.nextObject() as? String {
    if relative.split(separator: "/").last?.hasPrefix(".") == true {
      enumerator.skipDescendants()
      continue
    }
    if relative.hasSuffix(suffix) {
      found.append(folder.isEmpty ? relative : "\(folder)/\(relative)")
    }
  }
  return found.sorted()
}

/// The Markdown files of every DocC catalog in the repository: the articles of every module,
/// whoever adds them, and the landing pages and symbol extensions.
func catalogMarkdownFiles() -> [String] {
  let topFolders = ["WorkflowReactive", "Workflow", "WorkflowTesting", "Samples", "Documentation"]
  return topFolders.flatMap { files(under: $0, endingWith: ".md") }
    .filter { $0.split(separator: "/").contains { $0.hasSuffix(".docc") } }
}

/// The text of a repository file, split into lines.
func fileLines(of path: String) throws -> [Substring] {
  try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    .split(separator: "\n", omittingEmptySubsequences: false)
}

/// The fenced code blocks of a Markdown file.
func markdownBlocks(in path: String) throws -> [CodeBlock] {
  fencedBlocks(in: try fileLines(of: path), path: path)
}

/// The fenced code blocks of the `///` comments of a Swift file's public declarations: those the
/// documentation site shows.
func docCommentBlocks(in path: String) throws -> [CodeBlock] {
  let source = try fileLines(of: path)
  // Each line outside a doc comment becomes a blank line, so fences cannot span two comments and
  // line numbers stay those of the file.
  let commentLines: [Substring] = source.map { line in
    let trimmed = line.drop { $0 == " " }
    guard trimmed.hasPrefix("///") else { return "" }
    let text = trimmed.dropFirst(3)
    return text.hasPrefix(" ") ? text.dropFirst() : text
  }
  return fencedBlocks(in: commentLines, path: path).filter { block in
    let line = Int(block.location.split(separator: ":").last!)! - 1
    return documentsAPublicDeclaration(commentLine: line, in: source)
  }
}

/// Whether the declaration that the doc comment around `commentLine` documents is public or
/// open: the first line after the comment that is not an attribute.
private func documentsAPublicDeclaration(commentLine: Int, in source: [Substring]) -> Bool {
  var index = commentLine
  while index < source.count, source[index].drop(while: { $0 == " " }).hasPrefix("///") {
    index += 1
  }
  while index < source.count, source[index].drop(while: { $0 == " " }).hasPrefix("@") {
    index += 1
  }
  guard index < source.count else { return false }
  let words = source[index].split(separator: " ")
  return words.contains("public") || words.contains("open")
}

private func fencedBlocks(in lines: [Substring], path: String) -> [CodeBlock] {
  var blocks: [CodeBlock] = []
  var index = 0
  while index < lines.count {
    let line = lines[index]
    guard line.hasPrefix("```") else {
      index += 1
      continue
    }
    var markers: [String] = []
    var above = index - 1
    while above >= 0, lines[above].hasPrefix("<!--"), lines[above].hasSuffix("-->") {
      markers.insert(String(lines[above]), at: 0)
      above -= 1
    }
    let start = index + 1
    var end = start
    while end < lines.count, lines[end] != "```" { end += 1 }
    blocks.append(
      CodeBlock(
        location: "\(path):\(start + 1)", language: String(line.dropFirst(3)),
        markers: markers, lines: Array(lines[start..<min(end, lines.count)])))
    index = end + 1
  }
  return blocks
}

/// A compiled Swift file whose text code blocks are looked up in.
struct CompiledSource {
  var path: String
  var lines: [Substring]

  /// The compiled sources an example of `documentPath` may quote: the snippet target for the
  /// libraries' docs, and for the Samples package's docs also the Samples package's own code.
  static func candidates(for documentPath: String) throws -> [CompiledSource] {
    let snippets = try snippetSources.get()
    return documentPath.hasPrefix("Samples/") ? snippets + (try sampleSources.get()) : snippets
  }

  fileprivate static func read(under folders: [String]) throws -> [CompiledSource] {
    try folders.flatMap { files(under: $0, endingWith: ".swift") }
      .map { CompiledSource(path: $0, lines: try fileLines(of: $0)) }
  }
}

// Read once: every check looks code up in the same files.
private let snippetSources = Result {
  try CompiledSource.read(under: ["Tests/DocumentationSnippetsTests"])
}
private let sampleSources = Result {
  try CompiledSource.read(under: ["Samples/Tests", "Samples/Apps"])
}

extension CompiledSource {
  /// The line index where `block` appears, its lines in order and each indented alike, or `nil`.
  func firstLine(of block: [Substring]) -> Int? {
    let code = block.reversed().drop { $0.allSatisfy(\.isWhitespace) }.reversed()
    guard let first = code.first, !first.allSatisfy(\.isWhitespace) else { return nil }
    let firstText = first.drop { $0 == " " }
    let firstIndent = first.count - firstText.count
    for start in lines.indices where lines[start].drop(while: { $0 == " " }) == firstText {
      let indent = lines[start].count - firstText.count - firstIndent
      guard indent >= 0, start + code.count <= lines.count else { continue }
      let prefix = String(repeating: " ", count: indent)
      let matches = zip(code, lines[start..<(start + code.count)]).allSatisfy { wanted, line in
        wanted.isEmpty ? line.allSatisfy(\.isWhitespace) : line == prefix + wanted
      }
      if matches {
        return start
      }
    }
    return nil
  }

  /// The line of the `@Suite` declaration enclosing `line`, if any.
  func enclosingSuite(of line: Int) -> Substring? {
    let indent = lines[line].prefix { $0 == " " }.count
    for index in stride(from: line, through: 0, by: -1) {
      let candidate = lines[index]
      let candidateIndent = candidate.prefix { $0 == " " }.count
      if candidate.contains("@Suite"), index == line || candidateIndent < indent {
        let previous = index > 0 ? lines[index - 1] : ""
        return previous.contains("@MainActor") ? "@MainActor " + candidate : candidate
      }
    }
    return nil
  }
}

/// The links of a Markdown line to files: `[text](path)` with a relative path, no scheme.
/// The `Resources` folder of the DocC catalog that holds `article`.
func catalogResources(of article: String) -> URL {
  let components = article.split(separator: "/")
  let catalog =
    components.prefix { !$0.hasSuffix(".docc") }
    + components.filter { $0.hasSuffix(".docc") }.prefix(1)
  return repositoryRoot.appendingPathComponent(catalog.joined(separator: "/"))
    .appendingPathComponent("Resources")
}

func relativeLinks(in line: Substring) -> [Substring] {
  var links: [Substring] = []
  var rest = line[...]
  while let open = rest.range(of: "](") {
    let tail = rest[open.upperBound...]
    guard let close = tail.firstIndex(of: ")") else { break }
    let target = tail[..<close]
    if !target.contains(":"), !target.hasPrefix("#"), !target.hasPrefix("/"), !target.isEmpty {
      links.append(target)
    }
    rest = tail[close...]
  }
  return links
}
