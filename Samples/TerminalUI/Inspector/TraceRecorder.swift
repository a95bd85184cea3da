// SPDX-License-Identifier: Apache-2.0

import Workflow

/// A `WorkflowObserver` that remembers the most recent actions and render passes, for the
/// REPL's `:trace` command.
///
/// Entries are numbered in the order they happened and hold no timestamps, so a scripted
/// session prints the same trace every time.
package final class TraceRecorder: WorkflowObserver {
  /// One remembered event.
  package struct Entry: Hashable, Sendable {
    /// The event's position among all recorded events, from 1.
    package var number: Int
    /// What happened, on one line.
    package var text: String

    package init(number: Int, text: String) {
      self.number = number
      self.text = text
    }
  }

  private var buffer: RingBuffer<Entry>
  private var count = 0

  /// Creates a recorder that keeps the last `capacity` events.
  package init(capacity: Int = 40) {
    buffer = RingBuffer(capacity: capacity)
  }

  /// The remembered events, oldest first.
  package var entries: [Entry] { buffer.elements }

  private func record(_ text: String) {
    count += 1
    buffer.append(Entry(number: count, text: text))
  }

  package func actionWasApplied<A: WorkflowAction>(
    _ action: A,
    stateBefore: A.WorkflowType.State,
    stateAfter: A.WorkflowType.State,
    output: A.WorkflowType.Output?,
    at path: WorkflowNodePath
  ) {
    var text = "action \(Self.describe(action)) at \(path)"
    if let output { text += " -> output \(Self.oneLine(String(describing: output)))" }
    record(text)
  }

  package func renderPassDidEnd(cause: RenderCause) {
    switch cause {
    case .initial: record("render (initial)")
    case .action(let path): record("render (after action at \(path))")
    case .workflowUpdate: record("render (workflow update)")
    case .workerOutput(let path): record("render (after worker output at \(path))")
    case .rewind(let step): record("render (rewind to step \(step))")
    }
  }

  /// The action's value, or only its type when it is a closure that prints nothing useful.
  private static func describe(_ action: some WorkflowAction) -> String {
    let typeName = String(describing: type(of: action))
    if typeName.hasPrefix("AnyWorkflowAction<") { return typeName }
    return oneLine(String(describing: action))
  }

  /// `text` on one line, cut to a readable length.
  private static func oneLine(_ text: String) -> String {
    let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    return TextLayout.truncate(flat, width: 160)
  }
}
