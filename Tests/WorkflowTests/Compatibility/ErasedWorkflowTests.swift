// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive

/// A child without outputs, to render where a parent expects some.
private struct Label: Workflow {
  var text: String
  func render(state: Void, context: RenderContext<Label>) -> String { text }
}

@MainActor
@Suite struct ErasedWorkflowTests {
  @Test func aHostRunsAnErasedWorkflowAndReportsItsOutputs() {
    let host = WorkflowHost(workflow: Counter(step: 2).asAnyWorkflow())
    var outputs: [Counter.Output] = []
    host.output.observeValues { outputs.append($0) }
    host.rendering.value.sink.send(.increment)
    host.rendering.value.sink.send(.report)
    #expect(host.rendering.value.count == 2)
    #expect(outputs == [.reported(2)])
  }

  @Test func updatingAHostedErasedWorkflowKeepsTheChildState() {
    let host = WorkflowHost(workflow: AnyWorkflow(Counter(step: 1)))
    host.rendering.value.sink.send(.increment)
    host.update(workflow: AnyWorkflow(Counter(step: 10)))
    host.rendering.value.sink.send(.increment)
    #expect(host.rendering.value.count == 11)
  }

  @Test func erasingAnAnyWorkflowAgainDoesNotWrapIt() {
    let erased = AnyWorkflow(Counter(step: 3))
    let again = AnyWorkflow(erased)
    #expect(again.base as? Counter == Counter(step: 3))
    #expect(ObjectIdentifier(again.workflowType) == ObjectIdentifier(Counter.self))
    #expect(!(again.base is AnyWorkflow<Counter.Rendering, Counter.Output>))
  }

  @Test func erasedChildrenOfTwoTypesUnderOneKeyDoNotCollide() {
    struct Parent: Workflow {
      func render(state: Void, context: RenderContext<Parent>) -> [String] {
        let children: [AnyWorkflow<String, Never>] = [
          Label(text: "label").asAnyWorkflow(),
          Counter().mapRendering { "count \($0.count)" }.ignoringOutput(),
        ]
        return children.map { $0.rendered(in: context, key: "same") }
      }
    }
    let host = WorkflowHost(workflow: Parent())
    #expect(host.rendering.value == ["label", "count 0"])
    #expect(host.debugTree().children.map(\.typeName) == ["Label", "Counter"])
  }

  @Test func ignoringOutputDropsOutputsAndKeepsTheChildIdentity() {
    struct Parent: Workflow {
      typealias Output = String
      var ignores: Bool
      func render(state: Void, context: RenderContext<Parent>) -> Counter.Rendering {
        ignores
          ? Counter().ignoringOutput().rendered(in: context)
          : Counter().rendered(in: context) { output in
            AnyWorkflowAction<Parent>(sendingOutput: "\(output)")
          }
      }
    }
    let host = WorkflowHost(workflow: Parent(ignores: true))
    var outputs: [String] = []
    host.output.observeValues { outputs.append($0) }
    host.rendering.value.sink.send(.increment)
    host.rendering.value.sink.send(.report)
    #expect(outputs == [])
    host.update(workflow: Parent(ignores: false))
    host.rendering.value.sink.send(.report)
    #expect(outputs == ["reported(1)"], "the same child node, with its state, now reports")
    host.update(workflow: Parent(ignores: true))
    host.rendering.value.sink.send(.report)
    #expect(outputs == ["reported(1)"])
  }

  @Test func mapOutputToDeclaresAnOutputTypeForAWorkflowWithoutOutputs() {
    struct Parent: Workflow {
      typealias Output = Int
      func render(state: Void, context: RenderContext<Parent>) -> String {
        let child: AnyWorkflow<String, Int> = Label(text: "hi").mapOutput(to: Int.self)
        return child.rendered(in: context) { AnyWorkflowAction<Parent>(sendingOutput: $0) }
      }
    }
    let host = WorkflowHost(workflow: Parent())
    #expect(host.rendering.value == "hi")
    #expect(host.debugTree().children.map(\.typeName) == ["Label"])
  }
}
