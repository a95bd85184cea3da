// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation
import Workflow
import WorkflowReactive

/// Applies an action with no workflow value to read, so that a read can fail the test instead of
/// crashing it.
///
/// An action that reads the missing value cannot be given one and cannot be unwound, so the
/// apply runs on a thread of its own: a read reports back and parks that thread for good, and
/// the test carries on with the state from before the action.
enum DetachedApply {
  enum Outcome<W: Workflow> {
    case finished(W.State, W.Output?)
    case readMissingWorkflow
  }

  static func run<Action: WorkflowAction>(
    _ action: Action, to state: Action.WorkflowType.State
  ) -> Outcome<Action.WorkflowType> {
    let done = DispatchSemaphore(value: 0)
    let result = Locked<Outcome<Action.WorkflowType>?>(nil)
    let body = {
      var newState = state
      let context = ApplyContext<Action.WorkflowType>(detachedReading: {
        result.withLock { $0 = .readMissingWorkflow }
        done.signal()
        DispatchSemaphore(value: 0).wait()
        preconditionFailure("DetachedApply: a parked thread woke up")
      })
      let output = action.apply(toState: &newState, context: context)
      result.withLock { $0 = .finished(newState, output) }
      done.signal()
    }
    // The thread only runs `body` while this function waits for it, so nothing is shared.
    let work = UncheckedSendable(body)
    let thread = Thread { work.value() }
    thread.start()
    done.wait()
    return result.withLock { $0 }!
  }
}
