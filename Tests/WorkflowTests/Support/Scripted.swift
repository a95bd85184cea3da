// SPDX-License-Identifier: Apache-2.0

import Workflow

/// A workflow whose render is a closure, so a test can decide what each render does.
///
/// Its state is a number the test bumps with ``Rendering/bump()`` to force a new render.
struct Scripted: Workflow {
  var body: (Int, RenderContext<Scripted>) -> Void

  typealias Output = String

  struct Rendering {
    var state: Int
    var sink: Sink<AnyWorkflowAction<Scripted>>

    func bump() {
      sink.send(
        AnyWorkflowAction {
          $0 += 1; return nil
        })
    }

    func emit(_ output: String) {
      sink.send(AnyWorkflowAction(sendingOutput: output))
    }
  }

  init(_ body: @escaping (Int, RenderContext<Scripted>) -> Void) {
    self.body = body
  }

  func makeInitialState() -> Int { 0 }

  func render(state: Int, context: RenderContext<Scripted>) -> Rendering {
    body(state, context)
    return Rendering(state: state, sink: context.makeSink(of: AnyWorkflowAction<Scripted>.self))
  }
}

/// Waits, letting other tasks run, until `condition` holds: for the event itself, with no
/// guessed deadline. A test that never sees it ends at its suite's time limit (the task is
/// cancelled), so every suite that calls this declares one.
@MainActor
func waitUntil(_ condition: () -> Bool) async {
  while !condition(), !Task.isCancelled {
    await Task.yield()
    if !condition() { try? await Task.sleep(for: .milliseconds(1)) }
  }
}
