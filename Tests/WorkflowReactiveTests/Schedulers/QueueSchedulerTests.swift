// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Testing
import WorkflowReactive

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct QueueSchedulerTests {
  let scheduler = QueueScheduler(name: "QueueSchedulerTests")

  @Test func runsActionsOnItsQueueInOrder() async {
    let key = DispatchSpecificKey<Int>()
    scheduler.queue.setSpecific(key: key, value: 7)
    let log = Locked<[Int?]>([])
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      for index in 0..<3 {
        scheduler.schedule {
          log.withLock { $0.append(DispatchQueue.getSpecific(key: key).map { $0 + index }) }
          if index == 2 { done.resume() }
        }
      }
    }
    #expect(log.current == [7, 8, 9])
  }

  @Test func runsAnActionAfterItsDate() async {
    let date = scheduler.now + .milliseconds(20)
    let ranAt = await withCheckedContinuation {
      (done: CheckedContinuation<ContinuousClock.Instant, Never>) in
      scheduler.schedule(after: date) { done.resume(returning: .now) }
    }
    #expect(ranAt >= date)
  }

  @Test func cancelledActionsDoNotRun() async {
    let ran = Locked<[String]>([])
    let now = scheduler.now
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      // Scheduled from an action that holds the serial queue, so nothing can start before the
      // cancellations.
      scheduler.schedule { [scheduler] in
        let cancelled = scheduler.schedule(after: now + .milliseconds(10)) {
          ran.withLock { $0.append("cancelled") }
        }
        let cancelledNow = scheduler.schedule { ran.withLock { $0.append("cancelled now") } }
        scheduler.schedule(after: now + .milliseconds(30)) {
          ran.withLock { $0.append("kept") }
          done.resume()
        }
        cancelled?.dispose()
        cancelledNow?.dispose()
      }
    }
    #expect(ran.current == ["kept"])
  }

  @Test func repeatsUntilDisposed() async {
    let count = Locked(0)
    let timer = SerialDisposable()
    let isAssigned = Locked(false)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      timer.inner = scheduler.schedule(
        after: scheduler.now, interval: .milliseconds(2), leeway: .zero
      ) {
        // On a slow run the timer could fire several times before `timer.inner` is assigned,
        // and disposing the serial disposable before that would not stop it in time.
        while !isAssigned.current { sched_yield() }
        let runs = count.withLock { count in
          count += 1
          return count
        }
        if runs == 3 {
          timer.dispose()
          done.resume()
        }
      }
      isAssigned.withLock { $0 = true }
    }
    // Anything still queued on the serial queue runs before this marker.
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      scheduler.schedule(after: scheduler.now + .milliseconds(10)) { done.resume() }
    }
    #expect(count.current == 3)
  }

  @Test func mainRunsOnTheMainQueue() async {
    let onMain = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
      QueueScheduler.main.schedule { done.resume(returning: MainScheduler.isOnMainQueue) }
    }
    #expect(onMain)
  }
}
