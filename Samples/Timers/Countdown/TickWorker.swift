// SPDX-License-Identifier: Apache-2.0

import Workflow
import WorkflowReactive

/// Sends a value every `interval` on a scheduler, for as long as it is running.
struct TickWorker: Worker {
  typealias Output = Void

  let interval: Duration
  let scheduler: any DateScheduler

  func run() -> SignalProducer<Void, Never> {
    SignalProducer.timer(interval: interval, on: scheduler).map { _ in () }
  }

  func isEquivalent(to otherWorker: TickWorker) -> Bool {
    interval == otherWorker.interval && scheduler === otherWorker.scheduler
  }
}
