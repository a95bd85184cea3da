// SPDX-License-Identifier: Apache-2.0

import Testing
import WorkflowReactive

@Suite struct ImmediateSchedulerTests {
  @Test func runsTheActionBeforeReturning() {
    var ran = false
    let disposable = ImmediateScheduler().schedule { ran = true }
    #expect(ran)
    #expect(disposable == nil)
  }
}
