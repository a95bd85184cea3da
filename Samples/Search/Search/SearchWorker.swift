// SPDX-License-Identifier: Apache-2.0

import Workflow
import WorkflowReactive

/// Searches for one query after a quiet period; a new query makes a new worker.
///
/// Workers are equivalent only for the same query, so each query change tears the old worker
/// down (its pending search is cancelled and never delivered) and starts a new one, whose
/// `debounce` waits for the interval before ranking.
struct SearchWorker: Worker {
  typealias Output = SearchWorker.Results

  struct Results: Equatable {
    var query: String
    /// The best matches, best first.
    var words: [String]
    /// How many words match in all.
    var count: Int
  }

  let query: String
  let words: [String]
  let interval: Duration
  let scheduler: any DateScheduler

  func run() -> SignalProducer<Results, Never> {
    let query = query
    let words = words
    // The query never completes (the lifetime keeps its observer, which would interrupt when
    // released), so debounce delivers it only after the quiet interval.
    return SignalProducer<String, Never> { observer, lifetime in
      observer.send(value: query)
      lifetime.observeEnded { withExtendedLifetime(observer) {} }
    }
    .debounce(interval, on: scheduler)
    .take(first: 1)
    .map { query in
      let (best, count) = SearchRanking.matches(of: query, in: words)
      return Results(query: query, words: best, count: count)
    }
  }

  func isEquivalent(to otherWorker: SearchWorker) -> Bool {
    query == otherWorker.query
  }
}
