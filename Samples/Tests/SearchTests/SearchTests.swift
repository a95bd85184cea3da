// SPDX-License-Identifier: Apache-2.0

import Foundation
import SampleSupport
import SampleTestSupport
import Search
import TerminalUI
import Testing
import Workflow
import WorkflowReactive

@Suite struct SearchRankingTests {
  let words = ["cart", "scar", "car", "carbon", "oscar", "cedar", "arc"]

  @Test func exactThenPrefixThenSubstringThenSubsequence() {
    #expect(
      SearchRanking.rank("car", in: words) == ["car", "cart", "carbon", "scar", "oscar", "cedar"])
  }

  @Test func caseIsIgnoredAndEmptyQueryFindsNothing() {
    #expect(SearchRanking.rank("CAR", in: words).first == "car")
    #expect(SearchRanking.rank("", in: words).isEmpty)
  }

  @Test func limitCutsTheList() {
    #expect(SearchRanking.rank("c", in: words, limit: 2) == ["car", "cart"])
  }

  @Test func theCountIsOfEveryMatchNotOnlyTheBest() {
    let (best, count) = SearchRanking.matches(of: "c", in: words, limit: 2)
    #expect(best == ["car", "cart"])
    #expect(count == 7)
    #expect(SearchRanking.matches(of: "car", in: words).count == 6)
    #expect(SearchRanking.matches(of: "zz", in: words) == ([], 0))
  }

  @Test func bundledListHasThousandsOfWords() {
    let list = WordList.bundled()
    #expect(list.count > 2000)
    #expect(list.contains("search"))
  }
}

@MainActor
@Suite struct SearchWorkflowTests {
  let scheduler = TestScheduler()
  let words = ["apple", "apply", "maple", "banana", "grape", "ape"]

  private func makeHost() -> WorkflowHost<SearchWorkflow> {
    WorkflowHost(
      workflow: SearchWorkflow(words: words, debounce: .milliseconds(300), scheduler: scheduler))
  }

  @Test func resultsArriveAfterTheQuietInterval() {
    let host = makeHost()
    host.rendering.value.run("find ap")
    #expect(host.rendering.value.isSearching)
    #expect(host.rendering.value.text.contains("Searching…"))
    scheduler.advance(by: .milliseconds(299))
    #expect(host.rendering.value.results.isEmpty)
    scheduler.advance(by: .milliseconds(1))
    #expect(host.rendering.value.results == ["ape", "apple", "apply", "maple", "grape"])
  }

  @Test func aNewQueryCancelsTheStaleSearch() {
    let host = makeHost()
    var renderedResults: [[String]] = []
    host.rendering.signal.observeValues { renderedResults.append($0.results) }
    host.rendering.value.run("find ap")
    scheduler.advance(by: .milliseconds(200))
    host.rendering.value.run("+ p")
    scheduler.advance(by: .milliseconds(200))
    #expect(host.rendering.value.query == "app")
    #expect(renderedResults.allSatisfy { $0.isEmpty })
    scheduler.advance(by: .milliseconds(100))
    #expect(host.rendering.value.results == ["apple", "apply"])
    #expect(host.debugTree().description.contains("query 'app', 2 of 2 matches for 'app'"))
  }

  @Test func deletingALetterSearchesAgain() {
    let host = makeHost()
    host.rendering.value.run("find apx")
    scheduler.advance(by: .seconds(1))
    #expect(host.rendering.value.text.contains("No matches."))
    host.rendering.value.run("-")
    scheduler.advance(by: .seconds(1))
    #expect(host.rendering.value.results.count == 5)
  }

  @Test func clearingEmptiesResultsWithoutASearch() {
    let host = makeHost()
    host.rendering.value.run("find ap")
    scheduler.advance(by: .seconds(1))
    host.rendering.value.run("clear")
    #expect(host.rendering.value.results.isEmpty)
    #expect(!host.rendering.value.isSearching)
  }

  @Test func theTotalIsShownBesideTheBestMatches() {
    let host = WorkflowHost(
      workflow: SearchWorkflow(
        words: (1...30).map { "word\($0)" } + ["other"], debounce: .zero, scheduler: scheduler))
    host.rendering.value.run("find word")
    scheduler.run()
    let lines = host.rendering.value.render(width: 80)
    #expect(lines.contains("30 matches, the best 10:"))
    #expect(lines.contains("10. word10"))
    host.rendering.value.run("find other")
    scheduler.run()
    #expect(host.rendering.value.render(width: 80).contains("1 match:"))
  }

  @Test func aBareLineIsTheQueryAsItIsTypedAndFindAloneEmptiesIt() {
    let host = makeHost()
    host.rendering.value.run("find ap")
    #expect(host.rendering.value.query == "ap")
    host.rendering.value.run("find")
    #expect(host.rendering.value.query == "")
    #expect(host.rendering.value.question == .argumentsOf("find", asTyped: true))
  }

  @Test func aStateSavedBeforeTheCountWasKeptStillReads() throws {
    let saved = #"{"query":"ap","results":["ape","apple"],"resultsQuery":"ap","searchCount":3}"#
    let state = try JSONDecoder().decode(SearchWorkflow.State.self, from: Data(saved.utf8))
    #expect(state.matchCount == 2)
    #expect(state.searchCount == 3)
  }

  @Test func scriptedEnvironmentSearchesAtOnce() {
    let clock = TestScheduler(runsDueActionsImmediately: true)
    let host = WorkflowHost(
      workflow: SearchWorkflow(
        environment: SampleEnvironment(
          scheduler: clock, virtualClock: clock, stateDirectory: URL(fileURLWithPath: "/x"))))
    host.rendering.value.run("find search")
    #expect(host.rendering.value.results.first == "search")
  }
}
