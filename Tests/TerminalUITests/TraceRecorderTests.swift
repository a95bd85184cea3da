// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing
import Workflow

@Suite struct TraceRecorderTests {
  @Test func ringBufferKeepsTheNewestElementsOldestFirst() {
    var buffer = RingBuffer<Int>(capacity: 3)
    for value in 1...2 { buffer.append(value) }
    #expect(buffer.elements == [1, 2])
    for value in 3...7 { buffer.append(value) }
    #expect(buffer.elements == [5, 6, 7])
  }

  @Test func recordsRenderPassesWithCausesAndKeepsNumberingPastTheCapacity() {
    let recorder = TraceRecorder(capacity: 2)
    let path = WorkflowNodePath(components: [
      .init(typeName: "Root", key: ""), .init(typeName: "Leaf", key: "a"),
    ])
    recorder.renderPassDidEnd(cause: .initial)
    recorder.renderPassDidEnd(cause: .action(at: path))
    recorder.renderPassDidEnd(cause: .workflowUpdate)
    #expect(
      recorder.entries == [
        .init(number: 2, text: "render (after action at Root/Leaf[a])"),
        .init(number: 3, text: "render (workflow update)"),
      ])
  }
}
