// SPDX-License-Identifier: Apache-2.0

import SampleSupport
import Workflow
import WorkflowReactive

/// The search app: incremental search over a word list, ranked, with a debounced worker.
///
/// While the query differs from the query of the results shown, a ``SearchWorker`` runs for
/// it; changing the query again before the quiet interval ends replaces (and cancels) it.
/// The query and the results shown are saved in snapshots; a search pending when the snapshot
/// was taken runs again after the restore.
public struct SearchWorkflow: SnapshottableWorkflow {
  /// The words searched.
  public var words: [String]
  /// How long the query must stay unchanged before the search runs.
  public var debounce: Duration
  /// The scheduler the debounce waits on.
  public var scheduler: any DateScheduler

  /// Creates the app.
  ///
  /// - Parameters:
  ///   - words: The words to search.
  ///   - debounce: The quiet interval before a search runs.
  ///   - scheduler: The scheduler of the interval (a `TestScheduler` in tests).
  public init(words: [String], debounce: Duration, scheduler: any DateScheduler) {
    self.words = words
    self.debounce = debounce
    self.scheduler = scheduler
  }

  /// Creates the app over the bundled word list, with a 300 ms debounce (none when scripted).
  public init(environment: SampleEnvironment) {
    self.init(
      words: WordList.bundled(), debounce: environment.delay(.milliseconds(300)),
      scheduler: environment.scheduler)
  }

  // MARK: State

  /// The query and the results last found.
  public struct State: Codable, Equatable, CustomStringConvertible {
    /// What the user is searching for.
    public var query = ""
    /// The ranked results, for ``resultsQuery``.
    public var results: [String] = []
    /// The query the results belong to.
    public var resultsQuery = ""
    /// How many words match ``resultsQuery`` in all; ``results`` are the best of them.
    public var matchCount = 0
    /// How many searches have completed.
    public var searchCount = 0

    /// Creates the state of an empty query.
    public init() {}

    /// Reads a saved state; one saved before the count of matches was kept counts those shown.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      query = try container.decode(String.self, forKey: .query)
      results = try container.decode([String].self, forKey: .results)
      resultsQuery = try container.decode(String.self, forKey: .resultsQuery)
      matchCount =
        try container.decodeIfPresent(Int.self, forKey: .matchCount) ?? results.count
      searchCount = try container.decode(Int.self, forKey: .searchCount)
    }

    /// Whether a search for the current query is still pending.
    public var isSearching: Bool { query != resultsQuery }

    /// A summary for the `:tree` inspector.
    public var description: String {
      "query '\(query)', \(results.count) of \(matchCount) matches for '\(resultsQuery)'"
    }
  }

  /// Starts with an empty query.
  public func makeInitialState() -> State {
    State()
  }

  // MARK: Actions

  enum Action: WorkflowAction {
    typealias WorkflowType = SearchWorkflow

    case setQuery(String)
    case append(String)
    case deleteLast
    case found(SearchWorker.Results)

    func apply(toState state: inout State, context: ApplyContext<SearchWorkflow>) -> Never? {
      switch self {
      case .setQuery(let query):
        state.query = query
      case .append(let text):
        state.query += text
      case .deleteLast:
        if !state.query.isEmpty { state.query.removeLast() }
      case .found(let results):
        guard results.query == state.query else { return nil }
        state.results = results.words
        state.matchCount = results.count
        state.resultsQuery = results.query
        state.searchCount += 1
      }
      if state.query.isEmpty {
        state.results = []
        state.matchCount = 0
        state.resultsQuery = ""
      }
      return nil
    }
  }

  // MARK: Rendering

  /// Renders the query and results, and runs the search for a changed query.
  public func render(state: State, context: RenderContext<SearchWorkflow>) -> SearchScreen {
    let sink = context.makeSink(of: Action.self)
    if state.isSearching {
      SearchWorker(query: state.query, words: words, interval: debounce, scheduler: scheduler)
        .running(in: context) { Action.found($0) }
    }
    return SearchScreen(
      query: state.query, results: state.results, matchCount: state.matchCount,
      isSearching: state.isSearching, wordCount: words.count,
      onQuery: { sink.send(.setQuery($0)) },
      onAppend: { sink.send(.append($0)) },
      onDeleteLast: { sink.send(.deleteLast) })
  }
}
