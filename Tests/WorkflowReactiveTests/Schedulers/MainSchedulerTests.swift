// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Testing
import WorkflowReactive

@Suite struct MainSchedulerTests {
  @MainActor @Test func runsInlineOnTheMainQueueWhenNothingIsPending() {
    let scheduler = MainScheduler()
    var ran = false
    let disposable = scheduler.schedule { ran = true }
    #expect(ran)
    #expect(disposable == nil)
  }

  @MainActor @Test func queuesBehindPendingActionsToKeepTheirOrder() async {
    let scheduler = MainScheduler()
    var log: [String] = []
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      scheduler.schedule {
        log.append("outer")
        // The outer action is still running, so these are queued, not run inside it.
        scheduler.schedule { log.append("nested") }
        log.append("outer end")
      }
      // "nested" is still pending, so this must wait behind it.
      scheduler.schedule {
        log.append("after")
        done.resume()
      }
      #expect(log == ["outer", "outer end"])
    }
    #expect(log == ["outer", "outer end", "nested", "after"])
  }

  @Test func enqueuesOnTheMainQueueWhenCalledElsewhere() async {
    let scheduler = MainScheduler()
    let onMain = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
      DispatchQueue.global().async {
        let disposable = scheduler.schedule { done.resume(returning: MainScheduler.isOnMainQueue) }
        #expect(disposable != nil)
      }
    }
    #expect(onMain)
  }

  @MainActor @Test func cancelledActionsDoNotRun() async {
    let scheduler = MainScheduler()
    var log: [String] = []
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      // Scheduled from an action that holds the main queue, so neither can start before the
      // first is cancelled.
      scheduler.schedule {
        let cancelled = scheduler.schedule { log.append("cancelled") }
        scheduler.schedule {
          log.append("kept")
          done.resume()
        }
        #expect(cancelled != nil)
        cancelled?.dispose()
      }
    }
    #expect(log == ["kept"])
  }
}
