// SPDX-License-Identifier: Apache-2.0

// The code examples of TerminalUI's doc comments, compiled and checked here (the libraries'
// examples live in the root package's DocumentationSnippetsTests, which cannot see TerminalUI).
// The root package's ArticleCodeTests finds each example here, line for line; change both
// together.

import TerminalUI
import Testing
import Workflow

/// A todo list's commands, as `Command`'s example binds them.
struct TodoCommandsWorkflow: Workflow {
  struct State: Equatable {
    var titles: [String] = []
    var opened: Int?
  }

  enum Action: WorkflowAction {
    typealias WorkflowType = TodoCommandsWorkflow
    case add(String)
    case clear
    case open(Int)

    func apply(
      toState state: inout State, context: ApplyContext<TodoCommandsWorkflow>
    ) -> Never? {
      switch self {
      case .add(let title): state.titles.append(title)
      case .clear: state.titles = []
      case .open(let index): state.opened = index
      }
      return nil
    }
  }

  func makeInitialState() -> State { State() }

  func render(
    state: State, context: RenderContext<Self>
  ) -> (state: State, commands: [Command]) {
    let sink = context.makeSink(of: Action.self)
    let commands = [
      Command(
        "add", argument: .text("title"), help: "Add a todo.",
        to: sink.contraMap(Action.add)),
      Command("clear", help: "Remove finished todos.", sending: .clear, to: sink),
      Command(
        "open", argument: Argument("index"), help: "Open a todo.", to: sink
      ) { text in
        Int(text).map(Action.open)  // nil -> "invalid <index>: 'x'"
      },
    ]
    return (state, commands)
  }
}

/// A count with one command, as `Screen`'s example shows it.
struct UpCounterWorkflow: Workflow {
  enum Action: WorkflowAction {
    typealias WorkflowType = UpCounterWorkflow
    case increment

    func apply(
      toState state: inout Int, context: ApplyContext<UpCounterWorkflow>
    ) -> Never? {
      state += 1
      return nil
    }
  }

  func makeInitialState() -> Int { 0 }

  func render(state: Int, context: RenderContext<Self>) -> Screen {
    screen(state: state, sink: context.makeSink(of: Action.self))
  }

  private func screen(state: Int, sink: Sink<Action>) -> Screen {
    Screen(
      title: "Counter",
      body: ["Count: \(state)"],
      commands: [
        Command("up", help: "Add one.", sending: .increment, to: sink)
      ])
  }
}

/// Signs in with a secret password, as `SecretText`'s example does.
enum SignInAction: Equatable {
  case login(email: String, password: SecretText)
}

func loginCommand(sink: Sink<SignInAction>) -> Command {
  Command(
    "login", arguments: [Argument("email"), .secret("password")],
    help: "Sign in."
  ) { values in
    sink.send(.login(email: values[0], password: values.secret(at: 1)))
    return .done
  }
}

@Suite struct TerminalUIDocCommentExamples {
  @Test func argumentsShowTheirUsage() {
    let name = Argument("name", completions: ["alice", "bob"])  // <name>
    let count = Argument("count", isOptional: true)  // [count]
    let title = Argument.text("title")  // <title...>: the rest of the line
    let row = Argument.integer("row", in: 1...3)  // "Row must be between 1 and 3."
    let password = Argument.secret("password")  // never shown or kept
    #expect([name.usage, count.usage, title.usage] == ["<name>", "[count]", "<title...>"])
    #expect(row.integerRange == 1...3)
    #expect(password.isSecret && password.usage == "<password>")
  }

  @MainActor @Test func commandsSendTheirActions() {
    let host = WorkflowHost(workflow: TodoCommandsWorkflow())
    func perform(_ name: String, _ values: [String]) -> CommandResult? {
      host.rendering.value.commands.first { $0.name == name }?.perform(values)
    }
    #expect(perform("add", ["buy milk"]) == .done)
    #expect(perform("open", ["0"]) == .done)
    #expect(perform("open", ["x"]) == .usageError("invalid <index>: 'x'"))
    #expect(host.rendering.value.state.titles == ["buy milk"])
    #expect(host.rendering.value.state.opened == 0)
    #expect(perform("clear", []) == .done)
    #expect(host.rendering.value.state.titles == [])
  }

  @Test func aSecretReachesTheCommandButNeverPrints() {
    var sent: [SignInAction] = []
    let command = loginCommand(sink: Sink { sent.append($0) })
    #expect(command.perform(["ada@example.com", "hunter2"]) == .done)
    guard case .login(let email, let password) = sent.first else {
      Issue.record("nothing sent")
      return
    }
    #expect(email == "ada@example.com")
    #expect(password.revealed == "hunter2")
    #expect(!"\(password)".contains("hunter2"))
  }

  @MainActor @Test func aScreenShowsItsBodyAndTakesItsCommands() {
    let host = WorkflowHost(workflow: UpCounterWorkflow())
    _ = host.rendering.value.commands[0].perform([])
    #expect(host.rendering.value.body == ["Count: 1"])
  }
}

/// `Question`'s example: a screen that asks for a code, and one that asks yes or no.
@Suite struct QuestionDocCommentExample {
  @Test func screensDeclareTheirOneQuestion() {
    let code = Command("code", arguments: [Argument("code")], help: "Enter it.") { _ in .done }
    let back = Command("back", help: "Go back.") { _ in .done }
    let yes = Command("yes", help: "Quit.") { _ in .done }
    let no = Command("no", help: "Keep playing.") { _ in .done }
    // "Enter the code": `1234` runs `code 1234`.
    let signIn = Screen(
      title: "Sign in", body: ["Enter the code."], commands: [code, back],
      question: .argumentsOf("code"))
    // "Quit the game?": `y` runs `yes`, `n` runs `no`.
    let quit = Screen(
      title: "Quit?", commands: [yes, no], question: .oneOf(["yes", "no"]))
    #expect(signIn.question == .argumentsOf("code"))
    #expect(quit.question == .oneOf(["yes", "no"]))
  }
}
