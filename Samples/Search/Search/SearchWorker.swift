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
    var words: [String]
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
    .map { query in Results(query: query, words: SearchRanking.rank(query, in: words)) }
  }

  func isEquivalent(to otherWorker: SearchWorker) -> Bool {
    query == otherWorker.query
  }
}
