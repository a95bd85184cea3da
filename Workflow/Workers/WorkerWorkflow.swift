// SPDX-License-Identifier: Apache-2.0

import Synchronization
import WorkflowReactive

/// The child workflow that runs a worker: one side effect per run.
///
/// Its state counts runs; a non-equivalent worker bumps the count, which changes the side-effect
/// key, so the render ends the old run and starts a new one.
///
/// Package-visible so that WorkflowTesting can recognise worker requests in a render.
package struct WorkerWorkflow<WorkerType: Worker>: Workflow {
  package typealias Output = WorkerType.Output
  package typealias Rendering = Void

  package struct State: Equatable, CustomStringConvertible {
    var run: Int
    var key: String
    /// Whether this run's work has ended; set from whichever thread the work ends on.
    let progress = RunProgress()

    init(run: Int) {
      self.run = run
      key = String(run)
    }

    package var description: String { "run \(run)" }

    package static func == (lhs: State, rhs: State) -> Bool {
      lhs.run == rhs.run && lhs.key == rhs.key
    }
  }

  /// Marks the end of one run's work, which keeps its side effect (and so its key) until the
  /// worker is no longer rendered.
  package final class RunProgress: Sendable {
    let hasEnded = Atomic<Bool>(false)
  }

  package let worker: WorkerType

  package init(worker: WorkerType) {
    self.worker = worker
  }

  package func makeInitialState() -> State {
    State(run: 0)
  }

  package func workflowDidChange(from previousWorkflow: WorkerWorkflow, state: inout State) {
    if !worker.isEquivalent(to: previousWorkflow.worker) {
      state = State(run: state.run + 1)
    }
  }

  package func render(state: State, context: RenderContext<WorkerWorkflow>) {
    let sink = context.makeOutputSink()
    let worker = self.worker
    let progress = state.progress
    context.runSideEffect(key: state.key) { lifetime in
      lifetime += worker.run().start { event in
        if case .value(let output) = event {
          sink.send(output)
        } else {
          progress.hasEnded.store(true, ordering: .releasing)
        }
      }
    }
  }
}

/// Lets code that holds an erased child tell that it is a worker, and of which type.
package protocol WorkerRunning {
  /// The worker the child runs.
  var anyWorker: Any { get }

  /// Whether the current run's work has ended, given the child's state.
  func hasEnded(state: Any) -> Bool
}

extension WorkerWorkflow: WorkerRunning {
  package var anyWorker: Any { worker }

  package func hasEnded(state: Any) -> Bool {
    (state as? State)?.progress.hasEnded.load(ordering: .acquiring) ?? false
  }
}
