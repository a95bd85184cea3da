// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation
import Testing
import Workflow
import WorkflowReactive

@MainActor
@Suite struct StressTests {
  @Test func eightThreadsSendingTogetherLoseNothing() async {
    let host = WorkflowHost(workflow: Counter())
    let sink = host.rendering.value.sink
    let threads = 8
    let perThread = 100_000
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      let group = DispatchGroup()
      for _ in 0..<threads {
        group.enter()
        Thread.detachNewThread {
          for _ in 0..<perThread { sink.send(.increment) }
          group.leave()
        }
      }
      group.notify(queue: .main) { done.resume() }
    }
    await waitUntil { host.rendering.value.count == threads * perThread }
    #expect(host.rendering.value.count == threads * perThread)
  }
}
