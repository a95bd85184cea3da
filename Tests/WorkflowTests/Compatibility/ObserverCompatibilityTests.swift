// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive

// Observers written the way a workflow-swift user writes them: the hooks take a
// `WorkflowSession`, and will-hooks return the closure that ends the bracket.

/// Logs every session-named hook, tagging each line with its name, so that several loggers on
/// one host show the order of their calls.
final class SessionLogger: WorkflowObserver {
  let name: String
  let log: Recorder<String>
  private(set) var sessions: [WorkflowSession] = []
  private(set) var ended: [WorkflowSession.Identifier] = []

  init(_ name: String, log: Recorder<String>) {
    self.name = name
    self.log = log
  }

  func sessionDidBegin(_ session: WorkflowSession) {
    sessions.append(session)
    log.record("\(name) begin \(session.path)")
  }

  func sessionDidEnd(_ session: WorkflowSession) {
    ended.append(session.sessionID)
    log.record("\(name) end \(session.path)")
  }

  func workflowDidMakeInitialState<WorkflowType: Workflow>(
    _ workflow: WorkflowType, initialState: WorkflowType.State, session: WorkflowSession
  ) {
    log.record("\(name) initial \(session.path) \(initialState)")
  }

  func workflowWillRender<WorkflowType: Workflow>(
    _ workflow: WorkflowType, state: WorkflowType.State, session: WorkflowSession
  ) -> ((WorkflowType.Rendering) -> Void)? {
    log.record("\(name) will render \(session.path)")
    return { [name, log] _ in log.record("\(name) did render \(session.path)") }
  }

  func workflowDidChange<WorkflowType: Workflow>(
    from oldWorkflow: WorkflowType, to newWorkflow: WorkflowType, state: WorkflowType.State,
    session: WorkflowSession
  ) {
    log.record("\(name) changed \(session.path)")
  }

  func workflowDidReceiveAction<Action: WorkflowAction>(
    _ action: Action, workflow: Action.WorkflowType, session: WorkflowSession
  ) {
    log.record("\(name) received \(action) at \(session.path)")
  }

  func workflowWillApplyAction<Action: WorkflowAction>(
    _ action: Action, workflow: Action.WorkflowType, state: Action.WorkflowType.State,
    session: WorkflowSession
  ) -> ((Action.WorkflowType.State, Action.WorkflowType.Output?) -> Void)? {
    log.record("\(name) will apply \(action) to \(state)")
    return { [name, log] state, output in
      log.record("\(name) applied, state \(state), output \(output.map { "\($0)" } ?? "none")")
    }
  }
}

/// Logs only that a render begins: its will-hook returns no closure.
final class WillRenderLogger: WorkflowObserver {
  let name: String
  let log: Recorder<String>

  init(_ name: String, log: Recorder<String>) {
    self.name = name
    self.log = log
  }

  func workflowWillRender<WorkflowType: Workflow>(
    _ workflow: WorkflowType, state: WorkflowType.State, session: WorkflowSession
  ) -> ((WorkflowType.Rendering) -> Void)? {
    log.record("\(name) will render \(session.path)")
    return nil
  }
}

/// Keeps the session of every render, by node path.
final class SessionCollector: WorkflowObserver {
  private(set) var rendered: [String: [WorkflowSession]] = [:]

  func workflowWillRender<WorkflowType: Workflow>(
    _ workflow: WorkflowType, state: WorkflowType.State, session: WorkflowSession
  ) -> ((WorkflowType.Rendering) -> Void)? {
    rendered["\(session.path)", default: []].append(session)
    return nil
  }
}

@MainActor
@Suite struct ObserverCompatibilityTests {
  @Test func aWorkflowSwiftObserverSeesTheLifeOfEveryNode() {
    let log = Recorder<String>()
    let logger = SessionLogger("A", log: log)
    var host: WorkflowHost<CounterList>? = WorkflowHost(
      workflow: CounterList(keys: ["a"]), observers: [logger])
    host!.rendering.value["a"]!.sink.send(.report)
    host!.update(workflow: CounterList(keys: []))
    host = nil
    #expect(
      log.events == [
        "A begin CounterList",
        "A initial CounterList ()",
        "A will render CounterList",
        "A begin CounterList/Counter[a]",
        "A initial CounterList/Counter[a] 0",
        "A will render CounterList/Counter[a]",
        "A did render CounterList/Counter[a]",
        "A did render CounterList",
        "A received report at CounterList/Counter[a]",
        "A will apply report to 0",
        "A applied, state 0, output reported(0)",
        #"A will apply ChildOutput(key: "a", output: WorkflowTests.Counter.Output.reported(0)) to ()"#,
        #"A applied, state (), output child("a", WorkflowTests.Counter.Output.reported(0))"#,
        "A changed CounterList",
        "A will render CounterList",
        "A end CounterList/Counter[a]",
        "A did render CounterList",
        "A end CounterList",
      ])
  }

  @Test func willHooksRunInRegistrationOrderAndDidHooksUnwindInReverse() {
    let log = Recorder<String>()
    let host = WorkflowHost(
      workflow: Counter(),
      observers: [SessionLogger("A", log: log), SessionLogger("B", log: log)])
    log.removeAll()
    host.rendering.value.sink.send(.increment)
    #expect(
      log.events == [
        "A received increment at Counter",
        "B received increment at Counter",
        "A will apply increment to 0",
        "B will apply increment to 0",
        "B applied, state 1, output none",
        "A applied, state 1, output none",
        "A will render Counter",
        "B will render Counter",
        "B did render Counter",
        "A did render Counter",
      ])
  }

  @Test func anObserverWithoutACompletionLeavesTheOthersBracketed() {
    let log = Recorder<String>()
    _ = WorkflowHost(
      workflow: Counter(),
      observers: [
        SessionLogger("A", log: log), WillRenderLogger("B", log: log),
        SessionLogger("C", log: log),
      ])
    #expect(
      log.events.filter { $0.contains("render") } == [
        "A will render Counter",
        "B will render Counter",
        "C will render Counter",
        "C did render Counter",
        "A did render Counter",
      ])
  }

  @Test func aSessionKeepsItsIdentityAcrossRendersAndNamesItsParent() throws {
    let collector = SessionCollector()
    let host = WorkflowHost(
      workflow: CounterList(keys: ["a", "b"]), observers: [collector],
      configuration: RuntimeConfiguration(isPartialRenderingEnabled: false))
    host.rendering.value["a"]!.sink.send(.increment)
    host.rendering.value["b"]!.sink.send(.increment)
    let roots = try #require(collector.rendered["CounterList"])
    let children = try #require(collector.rendered["CounterList/Counter[b]"])
    #expect(roots.count == 3)
    #expect(Set(roots.map(\.sessionID)).count == 1)
    #expect(children.count == 3)
    #expect(Set(children.map(\.sessionID)).count == 1)

    let root = roots[0]
    #expect(ObjectIdentifier(root.workflowType) == ObjectIdentifier(CounterList.self))
    #expect(root.renderKey == "")
    #expect(root.parent == nil)
    let child = children[0]
    #expect(ObjectIdentifier(child.workflowType) == ObjectIdentifier(Counter.self))
    #expect(child.renderKey == "b")
    #expect(child.parent?.sessionID == root.sessionID)
    #expect(
      child.parent.map { ObjectIdentifier($0.workflowType) } == ObjectIdentifier(CounterList.self))
    let other = try #require(collector.rendered["CounterList/Counter[a]"]?.first)
    #expect(other.sessionID != child.sessionID)
  }

  @Test func aNodeMadeAgainAfterItsTeardownGetsANewSession() {
    let log = Recorder<String>()
    let logger = SessionLogger("A", log: log)
    let host = WorkflowHost(workflow: CounterList(keys: ["a"]), observers: [logger])
    host.update(workflow: CounterList(keys: []))
    host.update(workflow: CounterList(keys: ["a"]))
    let children = logger.sessions.filter { $0.renderKey == "a" }
    #expect(children.count == 2)
    #expect(children[0].sessionID != children[1].sessionID)
    #expect(logger.ended == [children[0].sessionID])
  }

  @Test func sessionsOfChildrenEndBeforeTheirParents() {
    let log = Recorder<String>()
    var host: WorkflowHost<CounterList>? = WorkflowHost(
      workflow: CounterList(keys: ["a", "b"]), observers: [SessionLogger("A", log: log)])
    log.removeAll()
    _ = host
    host = nil
    #expect(
      log.events == [
        "A end CounterList/Counter[a]", "A end CounterList/Counter[b]", "A end CounterList",
      ])
  }
}
