// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowTesting

/// A workflow whose state nests the shapes the structural diff walks through.
private struct SettingsWorkflow: Workflow {
  enum Mode: Equatable {
    case off
    case timed(minutes: Int)
  }

  struct State: Equatable {
    var limits: [String: Int]
    var mode: Mode
    var owner: String?
  }

  func makeInitialState() -> State { State(limits: [:], mode: .off, owner: nil) }

  func render(state: State, context: RenderContext<SettingsWorkflow>) -> State { state }
}

@Suite struct StructuralDiffTests {
  private let start = SettingsWorkflow.State(
    limits: ["a": 1, "b": 2], mode: .timed(minutes: 5), owner: "ann")

  private func assertAfterChange(
    _ change: @escaping (inout SettingsWorkflow.State) -> Void,
    expecting expected: SettingsWorkflow.State
  ) {
    AnyWorkflowAction<SettingsWorkflow>
      .tester(withState: start)
      .send(
        action: AnyWorkflowAction { state in
          change(&state); return nil
        }
      )
      .assert(state: expected)
  }

  @Test func showsADictionaryEntryByKey() {
    withKnownIssue {
      assertAfterChange(
        {
          $0.limits["b"] = 3; $0.limits["c"] = 4
        }, expecting: start)
    } matching: {
      issue(
        $0, says: ".limits[\"b\"]: expected 2, got 3", ".limits[\"c\"]: expected no entry, got 4")
        && !message(of: $0).contains("[\"a\"]")
    }
  }

  @Test func showsAnEnumPayloadField() {
    withKnownIssue {
      assertAfterChange({ $0.mode = .timed(minutes: 7) }, expecting: start)
    } matching: {
      issue($0, says: ".mode.timed.minutes: expected 5, got 7")
    }
  }

  @Test func showsADifferentEnumCaseWhole() {
    withKnownIssue {
      assertAfterChange({ $0.mode = .off }, expecting: start)
    } matching: {
      issue($0, says: ".mode: expected timed(minutes: 5), got off")
    }
  }

  @Test func showsAnOptionalThatBecameNil() {
    withKnownIssue {
      assertAfterChange({ $0.owner = nil }, expecting: start)
    } matching: {
      issue($0, says: ".owner: expected Optional(\"ann\"), got nil")
    }
  }
}
