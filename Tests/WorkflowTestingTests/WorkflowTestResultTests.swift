// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

/// A check written once for every tester result.
private func expectCountReachedTheLimit<Result: WorkflowTestResult>(_ result: Result)
where Result.WorkflowType == CounterWorkflow {
  result.assert(state: 3).assert(output: .reachedLimit)
}

/// The action tester and the render tester's result share one implementation of the state and
/// output checks, with one wording.
@Suite struct WorkflowTestResultTests {
  @Test func bothTestersTakeTheSameChecks() {
    expectCountReachedTheLimit(
      CounterWorkflow.Action.tester(withState: 2).send(action: .increment))
    expectCountReachedTheLimit(
      CounterWorkflow().renderTester(initialState: 2).render { $0.sink.send(.increment) })
  }

  @Test func theActionTestersOutputsAreItsLastOutputAsAList() {
    let tester = CounterWorkflow.Action.tester(withState: 2)
    #expect(tester.send(action: .increment).outputs == [.reachedLimit])
    #expect(tester.send(action: .decrement).outputs.isEmpty)
  }

  @Test func aFailedCheckReadsTheSameFromEitherTester() {
    let recorded = Locked<[String]>([])
    withKnownIssue {
      CounterWorkflow.Action.tester(withState: 0).send(action: .increment).assert(state: 2)
      CounterWorkflow().renderTester().render { $0.sink.send(.increment) }.assert(state: 2)
    } matching: { issue in
      recorded.withLock { $0.append(message(of: issue)) }
      return true
    }
    let messages = recorded.withLock { $0 }
    #expect(messages.count == 2)
    #expect(Set(messages).count == 1)
    #expect(messages.first?.contains("State of CounterWorkflow differs") == true)
  }
}
