// SPDX-License-Identifier: Apache-2.0

// Keeps the articles honest: every Swift code block in a DocC article must appear, verbatim, in
// this target's sources, which the suite compiles and runs. A block that cannot be compiled
// here (a manifest, a `main.swift`) is marked with `<!-- illustration -->` on the line before.

import Foundation
import Testing

@Suite struct ArticleCodeTests {
  @Test func everySwiftBlockOfTheArticlesIsCompiledHere() throws {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let snippets = try swiftSources(
      in: root.appendingPathComponent("Tests/DocumentationSnippetsTests"))
    let articles = try articlePaths(under: root)
    #expect(!articles.isEmpty)
    for article in articles {
      for block in try swiftBlocks(in: article) where !snippets.contains(block.code) {
        Issue.record(
          """
          \(article.path):\(block.line): this Swift block is not in \
          Tests/DocumentationSnippetsTests; copy it from there, or mark it \
          <!-- illustration --> if it cannot compile in a test
          """)
      }
    }
  }
}

/// The text of every Swift file in `folder`, concatenated.
private func swiftSources(in folder: URL) throws -> String {
  let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
  return try names.filter { $0.hasSuffix(".swift") }.sorted()
    .map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
    .joined(separator: "\n")
}

/// The articles (not the landing pages' symbol extensions) of every catalog in the package.
private func articlePaths(under root: URL) throws -> [URL] {
  let catalogs = [
    "WorkflowReactive/WorkflowReactive.docc", "Workflow/Workflow.docc",
    "WorkflowTesting/WorkflowTesting.docc", "Samples/TerminalUI/TerminalUI.docc",
  ]
  var articles: [URL] = []
  for catalog in catalogs {
    let folder = root.appendingPathComponent(catalog)
    guard FileManager.default.fileExists(atPath: folder.path) else { continue }
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    where name.hasSuffix(".md") {
      articles.append(folder.appendingPathComponent(name))
    }
  }
  return articles
}

/// The Swift code blocks of `article` not marked as illustrations, with their first line.
private func swiftBlocks(in article: URL) throws -> [(line: Int, code: String)] {
  let lines = try String(contentsOf: article, encoding: .utf8)
    .split(separator: "\n", omittingEmptySubsequences: false)
  var blocks: [(line: Int, code: String)] = []
  var index = 0
  while index < lines.count {
    guard lines[index] == "```swift" else {
      index += 1
      continue
    }
    let isIllustration = index > 0 && lines[index - 1] == "<!-- illustration -->"
    let start = index + 1
    var end = start
    while end < lines.count, lines[end] != "```" { end += 1 }
    if !isIllustration {
      blocks.append((line: start, code: lines[start..<end].joined(separator: "\n")))
    }
    index = end + 1
  }
  return blocks
}
