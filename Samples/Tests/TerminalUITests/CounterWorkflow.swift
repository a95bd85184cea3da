// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Workflow

/// A counter with commands of every kind, and a sink the test uses as a "timer".
///
/// Its state is saved in snapshots, for the `:save`, `:undo` and autosave tests.
struct CounterWorkflow: SnapshottableWorkflow {
  struct State: Codable, Equatable {
    var count = 0
    var name = "counter"
  }

  enum Event {
    case add(Int)
    case rename(String)
  }

  struct Rendering: TextScreen {
    var screen: Screen
    var events: Sink<Event>
    var title: String { screen.title }
    var commands: [Command] { screen.commands }
    func render(width: Int) -> [String] { screen.render(width: width) }
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<Self>) -> Rendering {
    let sink = context.makeSink(of: Event.self) { event, state in
      switch event {
      case .add(let amount): state.count += amount
      case .rename(let name): state.name = name
      }
      return nil
    }
    let screen = Screen(
      title: state.name,
      body: ["count: \(state.count)"],
      commands: [
        Command("inc", help: "Add one.", sending: .add(1), to: sink),
        Command("add", argument: Argument("amount"), help: "Add an amount.", to: sink) {
          Int($0).map(Event.add)
        },
        Command(
          "rename", argument: .text("name"), help: "Rename.", to: sink.contraMap(Event.rename)),
        Command("peek", help: "Tell the count.") { _ in .message("it is \(state.count)") },
        Command("help", help: "Hidden by the built-in.") { _ in .message("not shown") },
      ])
    return Rendering(screen: screen, events: sink)
  }
}
