// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// The child workflow that runs a worker: one side effect per run.
///
/// Its state counts runs; a non-equivalent worker bumps the count, which changes the side-effect
/// key, so the render ends the old run and starts a new one.
struct WorkerWorkflow<WorkerType: Worker>: Workflow {
  typealias Output = WorkerType.Output
  typealias Rendering = Void

  struct State: Equatable, CustomStringConvertible {
    var run: Int
    var key: String

    init(run: Int) {
      self.run = run
      key = String(run)
    }

    var description: String { "run \(run)" }
  }

  let worker: WorkerType

  func makeInitialState() -> State {
    State(run: 0)
  }

  func workflowDidChange(from previousWorkflow: WorkerWorkflow, state: inout State) {
    if !worker.isEquivalent(to: previousWorkflow.worker) {
      state = State(run: state.run + 1)
    }
  }

  func render(state: State, context: RenderContext<WorkerWorkflow>) {
    let sink = context.makeOutputSink()
    let worker = self.worker
    context.runSideEffect(key: state.key) { lifetime in
      lifetime += worker.run().startWithValues { sink.send($0) }
    }
  }
}
