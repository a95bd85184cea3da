// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive

@MainActor
@Suite struct ConfigurationTests {
  /// Runs `scenario` under every configuration and returns what it recorded in each.
  private func recordings(
    _ scenario: @MainActor (RuntimeConfiguration) -> [String]
  ) -> [RuntimeConfiguration: [String]] {
    var result: [RuntimeConfiguration: [String]] = [:]
    for configuration in RuntimeConfiguration.allCombinations {
      result[configuration] = scenario(configuration)
    }
    return result
  }

  @Test func keyedChildrenRenderTheSameInEveryConfiguration() {
    let results = recordings { configuration in
      let host = WorkflowHost(
        workflow: CounterList(keys: ["a", "b", "c"]), configuration: configuration)
      var outputs: [CounterList.Output] = []
      host.output.observeValues { outputs.append($0) }
      var transcript: [String] = []
      @MainActor func snapshot() {
        let rendering = host.rendering.value
        transcript.append(
          rendering.keys.sorted().map { "\($0)=\(rendering[$0]!.count)" }.joined(separator: ","))
      }
      host.rendering.value["a"]!.sink.send(.increment)
      snapshot()
      host.rendering.value["b"]!.sink.send(.nothing)
      snapshot()
      host.update(workflow: CounterList(keys: ["c", "a"], step: 10))
      snapshot()
      host.rendering.value["a"]!.sink.send(.increment)
      host.rendering.value["c"]!.sink.send(.report)
      snapshot()
      host.update(workflow: CounterList(keys: ["b", "c", "a"], step: 10))
      host.rendering.value["b"]!.sink.send(.increment)
      snapshot()
      return transcript + outputs.map { "\($0)" }
    }
    #expect(Set(results.values).count == 1)
    #expect(results[.default]?.first == "a=1,b=0,c=0")
  }

  @Test func reentrantSendsEndInTheSameRenderingInEveryConfiguration() {
    let results = recordings { configuration in
      let host = WorkflowHost(workflow: Journal(), configuration: configuration)
      var outputs: [String] = []
      host.output.observeValues { output in
        outputs.append(output)
        if output == "a" { host.rendering.value.sink.send(.init(name: "after a", output: "z")) }
      }
      let sink = host.rendering.value.sink
      sink.send(
        .init(
          name: "a", output: "a", sendWhileApplying: [.init(name: "b"), .init(name: "c")],
          sink: sink))
      return host.rendering.value.log + outputs
    }
    #expect(Set(results.values).count == 1)
  }

  @Test func renderPolicyDecidesHowManyRenderingsArePublished() {
    func publishedRenderings(_ configuration: RuntimeConfiguration) -> Int {
      let host = WorkflowHost(workflow: Journal(), configuration: configuration)
      var count = 0
      host.rendering.signal.observeValues { _ in count += 1 }
      let sink = host.rendering.value.sink
      sink.send(
        .init(name: "a", sendWhileApplying: [.init(name: "b"), .init(name: "c")], sink: sink))
      return count
    }
    #expect(publishedRenderings(.default) == 1)
    #expect(publishedRenderings(RuntimeConfiguration(renderPolicy: .perAction)) == 3)
  }

  @Test func unchangedStateSkipsTheRenderUnlessTurnedOff() {
    func renders(_ configuration: RuntimeConfiguration) -> Int {
      let host = WorkflowHost(workflow: Counter(), configuration: configuration)
      var count = 0
      host.rendering.signal.observeValues { _ in count += 1 }
      host.rendering.value.sink.send(.nothing)
      return count
    }
    #expect(renders(.default) == 0)
    #expect(renders(RuntimeConfiguration(skipsRenderWhenStateIsUnchanged: false)) == 1)
  }

  @Test func partialRenderingSkipsUnchangedChildrenUnlessTurnedOff() {
    func childRenders(_ configuration: RuntimeConfiguration) -> [String] {
      let log = Recorder<String>()
      struct Parent: Workflow {
        var log: Recorder<String>
        func makeInitialState() -> Int { 0 }
        func render(state: Int, context: RenderContext<Parent>) -> Sink<AnyWorkflowAction<Parent>> {
          _ = Logged(value: 1, log: log).rendered(in: context, key: "same props")
          return context.makeSink(of: AnyWorkflowAction<Parent>.self)
        }
      }
      let host = WorkflowHost(workflow: Parent(log: log), configuration: configuration)
      log.removeAll()
      host.rendering.value.send(
        AnyWorkflowAction {
          $0 += 1; return nil
        })
      return log.events
    }
    // Logged is not Equatable, so its props count as changed: it renders in both.
    #expect(childRenders(.default) == ["change 1->1", "render 1"])
    #expect(
      childRenders(RuntimeConfiguration(isPartialRenderingEnabled: false))
        == ["change 1->1", "render 1"])
  }

  @Test func partialRenderingReusesRenderingsOfEquatableChildren() {
    func counterRenders(_ configuration: RuntimeConfiguration) -> Int {
      let observer = RenderCounter()
      let host = WorkflowHost(
        workflow: CounterList(keys: ["a", "b"]), observers: [observer],
        configuration: configuration)
      observer.renders = 0
      host.rendering.value["a"]!.sink.send(.increment)
      return observer.renders
    }
    // The list and counter "a" render; counter "b" is reused unless partial rendering is off.
    #expect(counterRenders(.default) == 2)
    #expect(counterRenders(RuntimeConfiguration(isPartialRenderingEnabled: false)) == 3)
  }
}

/// Counts calls to `render`.
final class RenderCounter: WorkflowObserver {
  var renders = 0

  func workflowWillRender<W: Workflow>(
    _ workflow: W, state: W.State, session: WorkflowSession
  ) -> ((W.Rendering) -> Void)? {
    renders += 1
    return nil
  }
}
