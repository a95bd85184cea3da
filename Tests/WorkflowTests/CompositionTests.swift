// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive

@MainActor
@Suite struct CompositionTests {
  @Test func erasedChildKeepsTheIdentityOfItsConcreteType() {
    struct Parent: Workflow {
      var erases: Bool
      func render(state: Void, context: RenderContext<Parent>) -> Counter.Rendering {
        let map: (Counter.Output) -> AnyWorkflowAction<Parent> = { _ in .noAction }
        return erases
          ? Counter().asAnyWorkflow().asAnyWorkflow().rendered(in: context, outputMap: map)
          : Counter().rendered(in: context, outputMap: map)
      }
    }
    let host = WorkflowHost(workflow: Parent(erases: true))
    host.rendering.value.sink.send(.increment)
    host.update(workflow: Parent(erases: false))
    #expect(host.rendering.value.count == 1)
    host.rendering.value.sink.send(.increment)
    host.update(workflow: Parent(erases: true))
    #expect(host.rendering.value.count == 2)
  }

  @Test func erasingAnErasedWorkflowReturnsItUnchanged() {
    let erased = Counter(step: 3).asAnyWorkflow()
    let again = erased.asAnyWorkflow()
    #expect(ObjectIdentifier(again.workflowType) == ObjectIdentifier(Counter.self))
    #expect((again.base as? Counter) == Counter(step: 3))
    let mapped = erased.mapRendering { $0.count }
    #expect(ObjectIdentifier(mapped.workflowType) == ObjectIdentifier(Counter.self))
  }

  @Test func mapRenderingTransformsAndKeepsState() {
    struct Parent: Workflow {
      var label: String
      func render(state: Void, context: RenderContext<Parent>) -> (String, Sink<Counter.Action>) {
        let label = self.label
        return Counter()
          .mapRendering { ("\(label) \($0.count)", $0.sink) }
          .mapOutput { _ in AnyWorkflowAction<Parent>.noAction }
          .rendered(in: context)
      }
    }
    let host = WorkflowHost(workflow: Parent(label: "count"))
    host.rendering.value.1.send(.increment)
    host.update(workflow: Parent(label: "total"))
    #expect(host.rendering.value.0 == "total 1")
  }

  @Test func mapOutputTransformsOutputs() {
    struct Parent: Workflow {
      typealias Output = String
      func render(state: Void, context: RenderContext<Parent>) -> Sink<Counter.Action> {
        Counter()
          .mapOutput { output -> AnyWorkflowAction<Parent> in
            guard case .reported(let value) = output else { return .noAction }
            return AnyWorkflowAction(sendingOutput: "reported \(value)")
          }
          .rendered(in: context)
          .sink
      }
    }
    let host = WorkflowHost(workflow: Parent())
    var outputs: [String] = []
    host.output.observeValues { outputs.append($0) }
    host.rendering.value.send(.increment)
    host.rendering.value.send(.report)
    #expect(outputs == ["reported 1"])
  }

  @Test func onOutputRunsOnTheParentStateAndMayDropOutputs() {
    struct Parent: Workflow {
      typealias Output = Counter.Output
      func makeInitialState() -> Int { 0 }
      func render(state: Int, context: RenderContext<Parent>) -> (Int, Counter.Rendering) {
        let child = Counter()
          .onOutput { (state: inout Int, output: Counter.Output) -> Counter.Output? in
            state += 100
            return state > 150 ? output : nil
          }
          .rendered(in: context)
        return (state, child)
      }
    }
    let host = WorkflowHost(workflow: Parent())
    var outputs: [Counter.Output] = []
    host.output.observeValues { outputs.append($0) }
    host.rendering.value.1.sink.send(.report)
    #expect(outputs == [])
    #expect(host.rendering.value.0 == 100)
    host.rendering.value.1.sink.send(.increment)
    host.rendering.value.1.sink.send(.report)
    #expect(outputs == [.reported(1)])
    #expect(host.rendering.value.0 == 200)
    #expect(host.rendering.value.1.count == 1)
  }

  @Test func childOutputThatIsAnActionIsAppliedToTheParent() {
    struct Parent: Workflow {
      func makeInitialState() -> Int { 0 }
      func render(state: Int, context: RenderContext<Parent>) -> (Int, Sink<String>) {
        (state, Child().rendered(in: context))
      }
    }
    struct Child: Workflow {
      typealias Output = AnyWorkflowAction<Parent>
      func render(state: Void, context: RenderContext<Child>) -> Sink<String> {
        context.makeSink(of: String.self) { text, _ in
          AnyWorkflowAction<Parent> {
            $0 += text.count; return nil
          }
        }
      }
    }
    let host = WorkflowHost(workflow: Parent())
    host.rendering.value.1.send("four")
    #expect(host.rendering.value.0 == 4)
  }

  @Test func outputSinkReportsToTheParent() {
    struct Child: Workflow {
      typealias Output = Int
      func render(state: Void, context: RenderContext<Child>) -> Sink<Int> {
        context.makeOutputSink()
      }
    }
    struct Parent: Workflow {
      typealias Output = String
      func render(state: Void, context: RenderContext<Parent>) -> Sink<Int> {
        Child().rendered(in: context) { value in
          AnyWorkflowAction<Parent>(sendingOutput: "child said \(value)")
        }
      }
    }
    let host = WorkflowHost(workflow: Parent())
    var outputs: [String] = []
    host.output.observeValues { outputs.append($0) }
    host.rendering.value.send(7)
    #expect(outputs == ["child said 7"])
  }

  @Test func sinkContraMapTransformsValues() {
    let host = WorkflowHost(workflow: Counter())
    let setSink = host.rendering.value.sink.contraMap { (text: String) in
      Counter.Action.set(Int(text) ?? 0)
    }
    setSink.send("12")
    #expect(host.rendering.value.count == 12)
    var received: [Int] = []
    let closureSink = Sink<Int> { received.append($0) }
    closureSink.contraMap { (text: String) in text.count }.send("abc")
    #expect(received == [3])
  }
}
