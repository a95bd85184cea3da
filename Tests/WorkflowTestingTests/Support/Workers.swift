// SPDX-License-Identifier: Apache-2.0

import Workflow
import WorkflowReactive

/// Sends 1, 2, 3, … every `interval` on `scheduler`, until stopped.
struct TickWorker: Worker {
  typealias Output = Int

  var interval: Duration
  var scheduler: TestScheduler

  func run() -> SignalProducer<Int, Never> {
    let interval = self.interval
    let scheduler = self.scheduler
    return SignalProducer { observer, lifetime in
      var count = 0
      lifetime += scheduler.schedule(
        after: scheduler.now + interval, interval: interval, leeway: .zero
      ) {
        count += 1
        observer.send(value: count)
      }
    }
  }

  func isEquivalent(to otherWorker: TickWorker) -> Bool {
    interval == otherWorker.interval
  }
}

/// Sends its values at once, then completes.
struct ListWorker: Worker, Equatable {
  typealias Output = Int

  var values: [Int]

  func run() -> SignalProducer<Int, Never> {
    let values = self.values
    return SignalProducer { observer, _ in
      for value in values { observer.send(value: value) }
      observer.sendCompleted()
    }
  }
}

/// Answers after an `await`.
struct AnswerWorker: AsyncWorker, Equatable {
  func run() async -> Int {
    await Task.yield()
    return 42
  }
}
