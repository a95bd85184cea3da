// SPDX-License-Identifier: Apache-2.0

import Workflow

/// Counts the renders it sees, from outside its state.
final class RenderCount {
  var value = 0
}

/// Asks for a differently keyed side effect on every render: not idempotent.
struct FlakyWorkflow: Workflow {
  typealias State = Void
  typealias Rendering = Void

  var count: RenderCount

  func render(state: Void, context: RenderContext<FlakyWorkflow>) {
    count.value += 1
    context.runSideEffect(key: "effect-\(count.value)") { _ in }
  }
}

/// Counts its renders and asks for nothing: idempotent.
struct CountingWorkflow: Workflow {
  typealias State = Void
  typealias Rendering = Void

  var count: RenderCount

  func render(state: Void, context: RenderContext<CountingWorkflow>) {
    count.value += 1
  }
}

/// Breaks the rules of render in the way `mistake` says.
struct RuleBreakingWorkflow: Workflow {
  typealias State = Int
  typealias Rendering = Void

  enum Mistake {
    case sendsDuringRender
    case duplicateSideEffect
    case duplicateChild
  }

  var mistake: Mistake

  func makeInitialState() -> Int { 0 }

  func render(state: Int, context: RenderContext<RuleBreakingWorkflow>) {
    switch mistake {
    case .sendsDuringRender:
      context.makeSink(of: AnyWorkflowAction<RuleBreakingWorkflow>.self)
        .send(
          AnyWorkflowAction { state in
            state += 1; return nil
          })
    case .duplicateSideEffect:
      context.runSideEffect(key: "x") { _ in }
      context.runSideEffect(key: "x") { _ in }
    case .duplicateChild:
      for _ in 0..<2 {
        _ = CounterWorkflow().rendered(in: context, key: "c") { _ in
          AnyWorkflowAction<RuleBreakingWorkflow>.noAction
        }
      }
    }
  }
}
