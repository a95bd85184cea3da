// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing

@Suite struct CompletionModelTests {
  private let model = CompletionModel(entries: [
    .init(name: "add", arguments: [.text("name", completions: ["alice", "albert", "bob"])]),
    .init(name: "adopt", arguments: []),
    .init(name: "open", arguments: [Argument("file", completions: ["my notes", "todo"])]),
    .init(name: "help", arguments: []),
  ])

  @Test func completesAUniqueCommandNameWithASpace() {
    #expect(model.complete("he") == .init(insertion: "lp ", candidates: []))
  }

  @Test func insertsTheCommonPrefixOfSeveralNames() {
    #expect(model.complete("a") == .init(insertion: "d", candidates: []))
  }

  @Test func listsCandidatesWhenNothingCanBeAdded() {
    #expect(model.complete("ad") == .init(insertion: "", candidates: ["add", "adopt"]))
    #expect(model.complete("add al").candidates == ["albert", "alice"])
  }

  @Test func completesArgumentValuesByPosition() {
    #expect(model.complete("add b") == .init(insertion: "ob ", candidates: []))
    #expect(model.complete("open t") == .init(insertion: "odo ", candidates: []))
  }

  @Test func restOfLineArgumentCompletesEveryLaterWord() {
    #expect(model.complete("add bob b") == .init(insertion: "ob ", candidates: []))
  }

  @Test func escapesSpacesInInsertedValues() {
    #expect(model.complete("open m") == .init(insertion: #"y\ notes "#, candidates: []))
  }

  @Test func offersNothingForUnknownCommandsExtraWordsOrOpenQuotes() {
    let nothing = CompletionModel.Completion(insertion: "", candidates: [])
    #expect(model.complete("zap a") == nothing)
    #expect(model.complete("help x") == nothing)
    #expect(model.complete("open 'm") == nothing)
    #expect(model.complete("x") == nothing)
  }

  @Test func emptyLineListsEveryCommand() {
    #expect(model.complete("").candidates == ["add", "adopt", "help", "open"])
  }
}
