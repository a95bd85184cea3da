// SPDX-License-Identifier: Apache-2.0

// Keeps the documentation honest. Every Swift code block of a DocC article and of a `///`
// comment in a documented module must appear in compiled code: in this target's sources (the
// lines in order, each indented alike), or for the Samples package's docs also in that package's
// tests and apps. A block that cannot be compiled in a test (a manifest, a `@main` type) is
// marked with `<!-- illustration -->` on the line before; doc comments have no such escape, so
// code that is not Swift there is fenced as `text`, `json` or `sh`.

import Foundation
import Testing

@Suite struct ArticleCodeTests {
  /// The widest code line the documentation site shows without clipping or scrolling.
  static let maximumCodeColumns = 80

  @Test func everySwiftBlockOfTheArticlesIsCompiledHere() throws {
    let articles = catalogMarkdownFiles()
    #expect(articles.contains("Workflow/Workflow.docc/YourFirstWorkflow.md"))
    for article in articles {
      let sources = try CompiledSource.candidates(for: article)
      for block in try markdownBlocks(in: article)
      where block.language == "swift" && !block.isIllustration {
        if !sources.contains(where: { $0.firstLine(of: block.lines) != nil }) {
          Issue.record(
            """
            \(block.location): this Swift block is not in Tests/DocumentationSnippetsTests; \
            copy it from there, or mark it <!-- illustration --> if it cannot compile in a test
            """)
        }
      }
    }
  }

  @Test func everySwiftExampleOfADocCommentIsCompiledHere() throws {
    var examples = 0
    for folder in documentedModuleFolders {
      for file in files(under: folder, endingWith: ".swift") {
        let sources = try CompiledSource.candidates(for: file)
        for block in try docCommentBlocks(in: file) where block.language == "swift" {
          examples += 1
          if !sources.contains(where: { $0.firstLine(of: block.lines) != nil }) {
            Issue.record(
              """
              \(block.location): this doc comment's Swift example is not compiled; put it, \
              lines and indentation alike, in Tests/DocumentationSnippetsTests (or, for \
              TerminalUI, in Samples/Tests), or fence it as text if it is not Swift
              """)
          }
        }
      }
    }
    #expect(examples > 10)
  }

  // A reader copies a test from the article into a `@Suite struct` of their own: the isolation
  // the test needs must be on the test itself, not on a suite the article does not show.
  @Test func testsShownInTheArticlesCompileInAPlainSuite() throws {
    for article in catalogMarkdownFiles() {
      let sources = try CompiledSource.candidates(for: article)
      for block in try markdownBlocks(in: article)
      where block.language == "swift" && block.lines.contains(where: { $0.contains("@Test") }) {
        for source in sources {
          guard let line = source.firstLine(of: block.lines),
            let suite = source.enclosingSuite(of: line), suite.contains("@MainActor")
          else { continue }
          Issue.record(
            """
            \(block.location): this test is compiled in a @MainActor suite \
            (\(source.path):\(line + 1)), which the article does not show; put @MainActor \
            on the test and keep the suite a plain @Suite struct
            """)
        }
      }
    }
  }

  @Test func codeInTheDocumentationFitsTheSiteColumns() throws {
    var blocks: [CodeBlock] = []
    for article in catalogMarkdownFiles() {
      blocks += try markdownBlocks(in: article)
    }
    for folder in documentedModuleFolders {
      for file in files(under: folder, endingWith: ".swift") {
        blocks += try docCommentBlocks(in: file)
      }
    }
    #expect(blocks.count > 50)
    for block in blocks {
      for (offset, line) in block.lines.enumerated() where line.count > Self.maximumCodeColumns {
        let path = block.location.split(separator: ":")[0]
        let first = Int(block.location.split(separator: ":")[1])!
        Issue.record(
          """
          \(path):\(first + offset): a code line of \(line.count) columns; the documentation \
          site shows \(Self.maximumCodeColumns), wrap it (here and in the code it quotes)
          """)
      }
    }
  }

  @Test func linksIntoTheRepositoryReachFilesThatExist() throws {
    var links = 0
    for article in catalogMarkdownFiles() {
      let folder = repositoryRoot.appendingPathComponent(article).deletingLastPathComponent()
      for (offset, line) in try fileLines(of: article).enumerated() {
        for link in relativeLinks(in: line) {
          links += 1
          let target = folder.appendingPathComponent(String(link)).standardized.path
          let insideRepository = target.hasPrefix(repositoryRoot.standardized.path + "/")
          // DocC finds an image by its name in the catalog's resources.
          let isResource = FileManager.default.fileExists(
            atPath: catalogResources(of: article).appendingPathComponent(String(link)).path)
          if !isResource, !insideRepository || !FileManager.default.fileExists(atPath: target) {
            Issue.record(
              """
              \(article):\(offset + 1): the link \(link) reaches no file of the repository; \
              links to sources are relative to the article's folder
              """)
          }
        }
      }
    }
    #expect(links > 0)
  }
}
