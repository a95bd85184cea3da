// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing
import Workflow

/// The printers of `:trace`, `:tree` and `:history`, plain and in colour.
@MainActor
@Suite struct InspectorPrinterTests {
  /// The lines as a terminal without colours shows them.
  private func plain(_ lines: [TerminalText]) -> [String] {
    lines.map(ReplStyle(isColored: false).render)
  }

  /// The lines as a colour terminal shows them.
  private func coloured(_ lines: [TerminalText]) -> [String] {
    lines.map(ReplStyle(isColored: true).render)
  }

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
    #expect(
      plain(InspectorPrinter.traceLines(passes))
        == ["Render passes 1 to 4 of 4, oldest first:"] + described)
    #expect(plain(InspectorPrinter.traceLines(Array(passes.suffix(1))))[0] == "Render pass 4 of 4:")
    #expect(plain(InspectorPrinter.traceLines([])) == ["No render passes yet."])
  }

  @Test func colouredTraceHighlightsTheFieldThatChanged() {
    let (_, tracer) = counter()
    let lines = coloured(InspectorPrinter.traceLines(tracer.passes))
    #expect(lines.map(stripped) == plain(InspectorPrinter.traceLines(tracer.passes)))
    #expect(lines.contains("    \u{1B}[7mcount\u{1B}[0m: \u{1B}[2m0\u{1B}[0m -> 2"))
    #expect(
      lines.contains(#"    \#u{1B}[7mname\#u{1B}[0m: \#u{1B}[2m"counter"\#u{1B}[0m -> "tally""#))
    #expect(lines.contains("\u{1B}[1m#2 action at CounterWorkflow\u{1B}[0m"))
    #expect(lines.contains("    \u{1B}[2m(state unchanged)\u{1B}[0m"))
  }

  @Test func treeIsTheDebugTreeWithNodeNamesInBoldWhenColoured() {
    let (host, _) = counter()
    let tree = host.debugTree()
    #expect(
      plain(InspectorPrinter.treeLines(tree))
        == tree.description.split(separator: "\n").map(String.init))
    #expect(
      coloured(InspectorPrinter.treeLines(tree)) == [
        "\u{1B}[1mCounterWorkflow\u{1B}[0m" + #" state=State(count: 2, name: "tally")"#
      ])
  }

  @Test func historyMarksTheCurrentStepAndDimsThePathsWhenColoured() {
    let (host, _) = counter()
    #expect(
      plain(InspectorPrinter.historyLines(host.history, limit: 10)) == [
        "Steps, oldest first (* marks the current one):",
        "    0  initial",
        "    1  AnyWorkflowAction<CounterWorkflow> at CounterWorkflow",
        "  * 2  AnyWorkflowAction<CounterWorkflow> at CounterWorkflow",
      ])
    let lines = coloured(InspectorPrinter.historyLines(host.history, limit: 10))
    #expect(lines.map(stripped) == plain(InspectorPrinter.historyLines(host.history, limit: 10)))
    #expect(
      lines.last
        == "\u{1B}[1m  * 2  \u{1B}[0mAnyWorkflowAction<CounterWorkflow> at "
        + "\u{1B}[2mCounterWorkflow\u{1B}[0m")
  }

  @Test func textFromTheAppCannotForgeAnEscapeCode() {
    let (host, tracer) = counter()
    host.rendering.value.events.send(.rename("\u{1B}]0;pwned\u{07}"))
    let text = coloured(
      InspectorPrinter.traceLines(tracer.passes) + InspectorPrinter.treeLines(host.debugTree())
    ).joined(separator: "\n")
    #expect(!stripped(text).contains("\u{1B}"), "only the style's own escape codes remain")
    // A string value prints escaped; a description of its own is made visible when written.
    #expect(
      text.contains(
        #"\#u{1B}[7mname\#u{1B}[0m: \#u{1B}[2m"tally"\#u{1B}[0m -> "\u{1B}]0;pwned\u{07}""#))
    let banner = WorkflowHost(workflow: Banner())
    #expect(
      coloured(InspectorPrinter.treeLines(banner.debugTree()))
        == ["\u{1B}[1mBanner\u{1B}[0m state=^[[2Jhello"])
  }

  @Test func aMaskedValueStaysMaskedInEveryView() {
    let tracer = WorkflowTracer()
    let host = WorkflowHost(
      workflow: SignIn(), observers: [tracer],
      configuration: RuntimeConfiguration(historyLimit: 10))
    host.rendering.value.send(.signIn(email: "a@b.c", password: Password(text: "hunter2")))
    let lines =
      InspectorPrinter.traceLines(tracer.passes) + InspectorPrinter.treeLines(host.debugTree())
      + InspectorPrinter.historyLines(host.history, limit: 10)
    let text = coloured(lines).joined(separator: "\n")
    #expect(!text.contains("hunter2"))
    #expect(text.contains(#"signIn(email: "a@b.c", password: ••••)"#))
  }
}

/// A workflow whose state describes itself with an escape code in it.
private struct Banner: Workflow {
  struct State: CustomStringConvertible {
    var description: String { "\u{1B}[2Jhello" }
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<Banner>) {}
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
