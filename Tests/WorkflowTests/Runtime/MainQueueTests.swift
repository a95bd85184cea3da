// SPDX-License-Identifier: Apache-2.0

import Dispatch
import TestSupport
import Testing
import Workflow
import WorkflowReactive

/// The main-queue test that a sink runs on every send, and the main-thread shortcut in front of
/// it.
@Suite struct MainQueueTests {
  @MainActor @Test func isCurrentOnTheMainActor() {
    #expect(MainQueue.isCurrent)
  }

  @Test func isNotCurrentOnOtherThreads() {
    let answers = Locked<[Bool]>([])
    onThreads(4) { _ in
      let isCurrent = MainQueue.isCurrent
      answers.withLock { $0.append(isCurrent) }
    }
    #expect(answers.current == [false, false, false, false])
  }

  @Test func isCurrentInsideAMainQueueBlockRunFromAnotherThread() async {
    let isCurrent = await withCheckedContinuation { done in
      DispatchQueue.global().async {
        DispatchQueue.main.async { done.resume(returning: MainQueue.isCurrent) }
      }
    }
    #expect(isCurrent)
  }

  @Test func otherThreadsAreNotTheProcessMainThread() {
    let answers = Locked<[Bool]>([])
    onThreads(2) { _ in
      let isMain = MainThread.isProcessMainThread()
      answers.withLock { $0.append(isMain) }
    }
    #expect(answers.current == [false, false])
  }

  @Test func theMainQueueSeenFirstOnTheMainThreadRecordsIt() {
    let next = MainThread.transition(
      from: .unknown, mainQueueRunsOn: 42, isProcessMainThread: { true })
    #expect(next == .thread(42))
  }

  @Test func theMainQueueSeenFirstOnAnotherThreadRulesTheShortcutOut() {
    let next = MainThread.transition(
      from: .unknown, mainQueueRunsOn: 42, isProcessMainThread: { false })
    #expect(next == .never)
  }

  @Test func theMainQueueSeenLaterOnAnotherThreadRulesTheShortcutOut() {
    // The main thread exited (dispatchMain): a later thread must not be taken for it, even one
    // that happened to get its identifier.
    let next = MainThread.transition(
      from: .thread(42), mainQueueRunsOn: 7,
      isProcessMainThread: {
        Issue.record("asked"); return false
      })
    #expect(next == .never)
  }

  @Test func aDecidedStateDoesNotAskAgain() {
    let asked = { () -> Bool in
      Issue.record("the process's main thread was asked about again")
      return true
    }
    #expect(
      MainThread.transition(from: .thread(42), mainQueueRunsOn: 42, isProcessMainThread: asked)
        == .thread(42))
    #expect(
      MainThread.transition(from: .never, mainQueueRunsOn: 42, isProcessMainThread: asked)
        == .never)
  }

  @MainActor @Test func theStateAfterTheTestRunnerHasRunTheMainQueueIsNotAnotherThread() {
    // The test runner drains the main queue from worker threads (dispatchMain), so the
    // shortcut must be ruled out here rather than pointing at whichever thread asked first.
    _ = MainQueue.isCurrent
    switch MainThread.state {
    case .never, .unknown: break
    case .thread:
      #expect(MainThread.isProcessMainThread(), "the shortcut points at a worker thread")
    }
  }
}
