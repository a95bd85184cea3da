// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing

@Suite struct CommandLineTokenizerTests {
  private func words(_ line: String) -> [String]? {
    try? CommandLineTokenizer.tokenize(line).get()
  }

  @Test func splitsOnRunsOfSpacesAndTabs() {
    #expect(words("  add\t milk  now ") == ["add", "milk", "now"])
    #expect(words("") == [])
    #expect(words("   ") == [])
  }

  @Test func quotesGroupWordsAndKeepSpaces() {
    #expect(words(#"add "buy  milk" 'and "eggs"'"#) == ["add", "buy  milk", #"and "eggs""#])
  }

  @Test func adjacentQuotedAndPlainPartsFormOneWord() {
    #expect(words(#"a"b c"d"#) == ["ab cd"])
  }

  @Test func emptyQuotesMakeAnEmptyWord() {
    #expect(words(#"rename """#) == ["rename", ""])
  }

  @Test func backslashEscapesOutsideAndInsideDoubleQuotes() {
    #expect(
      words(#"add buy\ milk "say \"hi\"" 'c:\x'"#) == ["add", "buy milk", #"say "hi""#, #"c:\x"#])
    #expect(words(#"end\"#) == [#"end\"#])
  }

  @Test func unterminatedQuoteIsRejectedWithAMessage() {
    let result = CommandLineTokenizer.tokenize(#"add "milk"#)
    #expect(throws: CommandLineTokenizer.Failure.unterminatedQuote("\"")) { try result.get() }
    #expect(CommandLineTokenizer.Failure.unterminatedQuote("'").message.contains("' quote"))
  }

  @Test func splitReportsWhetherTheLineEndsInsideAWord() {
    #expect(CommandLineTokenizer.split("add mi").endsInWord)
    #expect(!CommandLineTokenizer.split("add ").endsInWord)
    #expect(CommandLineTokenizer.split("add 'mi").openQuote == "'")
  }
}
