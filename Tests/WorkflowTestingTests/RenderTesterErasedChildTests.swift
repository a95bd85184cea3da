// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowTesting

/// Renders a child it receives erased, with the child's outputs ignored, as workflow-swift's
/// own tests do (`OpaqueChildOutputIgnoringWorkflow`).
private struct ErasedChildParent: Workflow {
  typealias State = Void

  var makeChild: () -> AnyWorkflow<String, CounterWorkflow.Output>
  var key = ""

  func render(state: Void, context: RenderContext<ErasedChildParent>) -> String {
    makeChild().ignoringOutput().rendered(in: context, key: key)
  }
}

/// The render tester's answer for `AnyWorkflow(...).ignoringOutput()` children: expected by the
/// erased type, as in workflow-swift 4.4.0, or by the wrapped workflow's type.
@Suite struct RenderTesterErasedChildTests {
  static func counterAsText() -> AnyWorkflow<String, CounterWorkflow.Output> {
    CounterWorkflow(step: 2).mapRendering { "count \($0.count)" }
  }

  @Test func anErasedChildWithItsOutputIgnoredIsExpectedByItsErasedType() {
    var checkedChild: (any Workflow.Type)?
    ErasedChildParent(makeChild: { Self.counterAsText() })
      .renderTester()
      .expectWorkflowIgnoringOutput(
        type: AnyWorkflow<String, CounterWorkflow.Output>.self, producingRendering: "test"
      ) { child in
        checkedChild = child.workflowType
      }
      .render { rendering in #expect(rendering == "test") }
      .assertNoAction()
    #expect(checkedChild == CounterWorkflow.self)
  }

  @Test func theErasedTypeMatchesUnderItsKeyOnly() {
    withKnownIssue {
      ErasedChildParent(makeChild: { Self.counterAsText() }, key: "a")
        .renderTester()
        .expectWorkflowIgnoringOutput(
          type: AnyWorkflow<String, CounterWorkflow.Output>.self, key: "b",
          producingRendering: "test"
        )
        .render()
    } matching: {
      issue($0, says: "Unexpected workflow CounterWorkflow with key \"a\"")
        || issue(
          $0, says: "Expected workflow AnyWorkflow<String, Output> with key \"b\"", "not requested")
    }
  }

  @Test func theSameChildIsStillExpectedByTheTypeItWraps() {
    ErasedChildParent(makeChild: { Self.counterAsText() })
      .renderTester()
      .expectWorkflowIgnoringOutput(
        type: CounterWorkflow.self,
        producingRendering: CounterWorkflow.Screen(count: 4, sink: Sink { _ in })
      ) { child in
        #expect(child.step == 2)
      }
      .render { rendering in #expect(rendering == "count 4") }
  }

  @Test func anErasedTypeWithAnotherOutputDoesNotMatch() {
    withKnownIssue {
      ErasedChildParent(makeChild: { Self.counterAsText() })
        .renderTester()
        .expectWorkflowIgnoringOutput(
          type: AnyWorkflow<String, Never>.self, producingRendering: "test"
        )
        .render()
    } matching: {
      issue($0, says: "Unexpected workflow CounterWorkflow with key \"\"")
        || issue($0, says: "Expected workflow AnyWorkflow<String, Never>", "not requested")
    }
  }

  @Test func anErasedChildRenderedTwiceUnderOneKeyIsReported() {
    struct TwiceErased: Workflow {
      typealias State = Void
      func render(state: Void, context: RenderContext<TwiceErased>) -> String {
        let child = RenderTesterErasedChildTests.counterAsText()
        return child.ignoringOutput().rendered(in: context)
          + child.ignoringOutput().rendered(in: context)
      }
    }
    withKnownIssue {
      TwiceErased().renderTester()
        .expectWorkflowIgnoringOutput(
          type: AnyWorkflow<String, CounterWorkflow.Output>.self, producingRendering: "a"
        )
        .expectWorkflowIgnoringOutput(
          type: AnyWorkflow<String, CounterWorkflow.Output>.self, producingRendering: "b"
        )
        .render { #expect($0 == "ab") }
    } matching: {
      issue($0, says: "rendered two children of type CounterWorkflow with key \"\"")
    }
  }
}
