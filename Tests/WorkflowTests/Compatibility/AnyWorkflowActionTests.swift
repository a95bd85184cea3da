// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow

@Suite struct AnyWorkflowActionTests {
  private func applied(
    _ action: AnyWorkflowAction<Counter>, to state: Int, workflow: Counter = Counter()
  ) -> (state: Int, output: Counter.Output?) {
    var state = state
    let output = action.apply(
      toState: &state, context: ApplyContext(detachedReading: { workflow }))
    return (state, output)
  }

  @Test func theBaseOfAnErasedActionIsThatAction() {
    let action = AnyWorkflowAction(Counter.Action.set(4))
    #expect(action.base as? Counter.Action == .set(4))
    #expect(!action.isClosureBased)
    #expect(applied(action, to: 0).state == 4)
  }

  @Test func erasingAnErasedActionDoesNotWrapItAgain() {
    let once = AnyWorkflowAction(Counter.Action.report)
    let twice = AnyWorkflowAction(once)
    #expect(twice.base as? Counter.Action == .report)
    #expect(!twice.isClosureBased)
    #expect(applied(twice, to: 7).output == .reported(7))
    let closure = AnyWorkflowAction<Counter> { state in
      state += 1
      return nil
    }
    #expect(AnyWorkflowAction(closure).isClosureBased)
    #expect(applied(AnyWorkflowAction(closure), to: 1).state == 2)
  }

  @Test func aClosureActionIsClosureBasedAndItsBaseNamesWhereItWasWritten() {
    let line = #line + 1
    let action = AnyWorkflowAction<Counter> { state in
      state *= 2
      return state > 10 ? .reported(state) : nil
    }
    #expect(action.isClosureBased)
    #expect(
      String(describing: action.base)
        == "AnyWorkflowAction<Counter>(closure at "
        + "WorkflowTests/AnyWorkflowActionTests.swift:\(line))")
    #expect(applied(action, to: 3) == (6, nil))
    #expect(applied(action, to: 6) == (12, .reported(12)))
  }

  @Test func aClosureActionWithTheContextReadsTheWorkflowValue() {
    let action = AnyWorkflowAction<Counter> { state, context in
      state += context[workflowValue: \.step]
      return nil
    }
    #expect(action.isClosureBased)
    #expect(applied(action, to: 1, workflow: Counter(step: 5)).state == 6)
  }

  @Test func anOutputActionAndNoActionAreClosureBasedAndSayWhatTheyDo() {
    let output = AnyWorkflowAction<Counter>(sendingOutput: .reported(3))
    #expect(output.isClosureBased)
    #expect(String(describing: output.base) == "AnyWorkflowAction<Counter>(sendingOutput:)")
    #expect(applied(output, to: 9) == (9, .reported(3)))
    let nothing = AnyWorkflowAction<Counter>.noAction
    #expect(nothing.isClosureBased)
    #expect(String(describing: nothing.base) == "AnyWorkflowAction<Counter>.noAction")
    #expect(applied(nothing, to: 9) == (9, nil))
  }
}
