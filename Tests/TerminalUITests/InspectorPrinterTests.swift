// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing
import Workflow

/// The printers of `:trace`, `:tree` and `:history`, plain and in colour.
@MainActor
@Suite struct InspectorPrinterTests {
  private let plain = InspectorPrinter(
    style: ReplStyle(isColored: false), displaySafe: ReplSession<CounterWorkflow>.displaySafe)
  private let coloured = InspectorPrinter(
    style: ReplStyle(isColored: true), displaySafe: ReplSession<CounterWorkflow>.displaySafe)

  /// A traced counter host with a history, after a few changes.
  private func counter() -> (WorkflowHost<CounterWorkflow>, WorkflowTracer) {
    let tracer = WorkflowTracer()
    let host = WorkflowHost(
      workflow: CounterWorkflow(), observers: [tracer],
      configuration: RuntimeConfiguration(historyLimit: 10))
    host.rendering.value.events.send(.add(2))
    host.rendering.value.events.send(.rename("tally"))
    host.rendering.value.events.send(.add(0))
    return (host, tracer)
  }

  /// `text` without the colour codes the style writes.
  private func stripped(_ text: String) -> String {
    text.replacing(/\u{1B}\[[0-9;]*m/, with: "")
  }

  @Test func plainTraceIsThePassesAsTheyDescribeThemselves() {
    let (_, tracer) = counter()
    let passes = tracer.passes
    let described = passes.flatMap { $0.description.split(separator: "\n").map(String.init) }
    #expect(plain.traceLines(passes) == ["Render passes 1 to 4 of 4, oldest first:"] + described)
    #expect(plain.traceLines(Array(passes.suffix(1)))[0] == "Render pass 4 of 4:")
    #expect(plain.traceLines([]) == ["No render passes yet."])
  }

  @Test func colouredTraceHighlightsTheFieldThatChanged() {
    let (_, tracer) = counter()
    let lines = coloured.traceLines(tracer.passes)
    #expect(lines.map(stripped) == plain.traceLines(tracer.passes))
    #expect(lines.contains("    \u{1B}[1;36mcount\u{1B}[0m: \u{1B}[2m0\u{1B}[0m -> 2"))
    #expect(
      lines.contains(#"    \#u{1B}[1;36mname\#u{1B}[0m: \#u{1B}[2m"counter"\#u{1B}[0m -> "tally""#))
    #expect(lines.contains("\u{1B}[1m#2 action at CounterWorkflow\u{1B}[0m"))
    #expect(lines.contains("    \u{1B}[2m(state unchanged)\u{1B}[0m"))
  }

  @Test func treeIsTheDebugTreeWithNodeNamesInBoldWhenColoured() {
    let (host, _) = counter()
    let tree = host.debugTree()
    #expect(plain.treeLines(tree) == tree.description.split(separator: "\n").map(String.init))
    #expect(
      coloured.treeLines(tree) == [
        "\u{1B}[1mCounterWorkflow\u{1B}[0m" + #" state=State(count: 2, name: "tally")"#
      ])
  }

  @Test func historyMarksTheCurrentStepAndDimsThePathsWhenColoured() {
    let (host, _) = counter()
    #expect(
      plain.historyLines(host.history, limit: 10) == [
        "Steps, oldest first (* marks the current one):",
        "    0  initial",
        "    1  AnyWorkflowAction<CounterWorkflow> at CounterWorkflow",
        "  * 2  AnyWorkflowAction<CounterWorkflow> at CounterWorkflow",
      ])
    let lines = coloured.historyLines(host.history, limit: 10)
    #expect(lines.map(stripped) == plain.historyLines(host.history, limit: 10))
    #expect(
      lines.last
        == "\u{1B}[1m  * 2  \u{1B}[0mAnyWorkflowAction<CounterWorkflow> at "
        + "\u{1B}[2mCounterWorkflow\u{1B}[0m")
  }

  @Test func textFromTheAppIsMadeSafeBeforeItIsColoured() {
    let (host, tracer) = counter()
    host.rendering.value.events.send(.rename("\u{1B}]0;pwned\u{07}"))
    let text = (coloured.traceLines(tracer.passes) + coloured.treeLines(host.debugTree()))
      .joined(separator: "\n")
    #expect(!stripped(text).contains("\u{1B}"), "only the style's own escape codes remain")
    #expect(text.contains("\u{1B}[1;36mname\u{1B}[0m"))
  }

  @Test func aMaskedValueStaysMaskedInEveryView() {
    let tracer = WorkflowTracer()
    let host = WorkflowHost(
      workflow: SignIn(), observers: [tracer],
      configuration: RuntimeConfiguration(historyLimit: 10))
    host.rendering.value.send(.signIn(email: "a@b.c", password: Password(text: "hunter2")))
    let text =
      (coloured.traceLines(tracer.passes) + coloured.treeLines(host.debugTree())
      + coloured.historyLines(host.history, limit: 10)).joined(separator: "\n")
    #expect(!text.contains("hunter2"))
    #expect(text.contains(#"signIn(email: "a@b.c", password: ••••)"#))
  }
}

/// A password that never prints, not even through its mirror.
private struct Password: Equatable, CustomStringConvertible, CustomReflectable {
  var text: String
  var description: String { "••••" }
  var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// Keeps the last sign-in.
private struct SignIn: Workflow {
  struct State: Equatable {
    var email = ""
    var password = Password(text: "")
  }

  enum Action: WorkflowAction {
    typealias WorkflowType = SignIn
    case signIn(email: String, password: Password)

    func apply(toState state: inout State, context: ApplyContext<SignIn>) -> Never? {
      guard case .signIn(let email, let password) = self else { return nil }
      state.email = email
      state.password = password
      return nil
    }
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<SignIn>) -> Sink<Action> {
    context.makeSink(of: Action.self)
  }
}
