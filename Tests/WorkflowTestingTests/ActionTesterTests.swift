// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowTesting

@Suite struct ActionTesterTests {
  @Test func appliesActionsInSequence() {
    CounterWorkflow.Action
      .tester(withState: 0)
      .send(action: .increment)
      .assert(state: 1)
      .assertNoOutput()
      .send(action: .increment)
      .send(action: .increment)
      .assert(state: 3)
      .assert(output: .reachedLimit)
      .verifyOutput { #expect($0 == .reachedLimit) }
      .send(action: .decrement)
      .assertNoOutput()
      .verifyState { #expect($0 == 2) }
  }

  @Test func readsTheGivenWorkflowValue() {
    CounterWorkflow.Action
      .tester(withState: 0, workflow: CounterWorkflow(step: 5))
      .send(action: .incrementByStep)
      .assert(state: 5)
  }

  @Test func reportsAReadWithoutAWorkflowAndKeepsTheState() {
    withKnownIssue {
      let tester = CounterWorkflow.Action.tester(withState: 1).send(action: .incrementByStep)
      #expect(tester.state == 1)
      #expect(tester.output == nil)
    } matching: {
      issue(
        $0, says: "Action read the workflow value of CounterWorkflow", "tester(withState:workflow:)"
      )
    }
  }

  @Test func reportsAStateMismatchFieldByField() {
    withKnownIssue {
      ProfileWorkflow.Action
        .tester(withState: Profile(name: "Al", age: 30, tags: []))
        .send(action: .birthday)
        .assert(state: Profile(name: "Al", age: 30, tags: []))
    } matching: {
      issue($0, says: "State of ProfileWorkflow differs", ".age: expected 30, got 31")
        && !message(of: $0).contains(".name")
    }
  }

  @Test func reportsAMissingOrWrongOutput() {
    withKnownIssue {
      CounterWorkflow.Action.tester(withState: 0).send(action: .increment)
        .assert(output: .reachedLimit)
    } matching: {
      issue($0, says: "Expected output reachedLimit of CounterWorkflow, got no output")
    }
    withKnownIssue {
      CounterWorkflow.Action.tester(withState: 2).send(action: .increment).assertNoOutput()
    } matching: {
      issue($0, says: "Expected no output of CounterWorkflow, got reachedLimit")
    }
    withKnownIssue {
      CounterWorkflow.Action.tester(withState: 0).verifyOutput { _ in }
    } matching: {
      issue($0, says: "Expected an output of CounterWorkflow, got no output")
    }
  }
}
