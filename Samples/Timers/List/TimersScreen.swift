// SPDX-License-Identifier: Apache-2.0

import SampleSupport
import TerminalUI

/// The timers screen: one line per countdown, and commands that name a countdown.
public struct TimersScreen: ComposedScreen {
  /// The rendered countdowns.
  public var rows: [CountdownRow]
  /// The latest thing to tell the user once.
  public var notice: Notice?
  /// Called with the name and length in seconds of a new countdown.
  public var onAdd: (String, Int) -> Void
  /// Called with the name of a countdown to remove.
  public var onRemove: (String) -> Void
  /// Moves a virtual clock forward by some seconds; `nil` when time is real.
  public var onWait: ((Int) -> Void)?

  /// The timers' look and commands.
  public var screen: Screen {
    let body = rows.isEmpty ? ["No timers. Add one with 'add <name> <seconds>'."] : rows.map(\.line)
    let names = rows.map(\.name)
    // A name that is taken, or that no countdown has, is the command's reply: it changes
    // nothing and is not kept on the screen.
    var commands = [
      Command(
        "add", arguments: [Argument("name"), .integer("seconds", in: 1...86_400)],
        help: "Add a countdown, e.g. 'add pasta 540'."
      ) { values in
        guard !names.contains(values[0]) else {
          return .refused("There is already a timer called '\(values[0])'.")
        }
        onAdd(values[0], values.integer(at: 1))
        return .done
      },
      rowCommand("start", help: "Start or resume a countdown ('all' for every one).", names) {
        $0.onStart()
      },
      rowCommand("pause", help: "Pause a countdown ('all' for every one).", names) {
        $0.onPause()
      },
      rowCommand("reset", help: "Stop a countdown and fill it up again.", names) { $0.onReset() },
      Command(
        "remove", arguments: [Argument("name", completions: names)], help: "Remove a countdown."
      ) { values in
        guard names.contains(values[0]) else { return Self.unknown(values[0]) }
        onRemove(values[0])
        return .done
      },
    ]
    if let onWait {
      commands.append(
        Command(
          "wait", arguments: [.integer("seconds", in: 0...86_400)],
          help: "Move the scripted clock forward (only when time is virtual)."
        ) { values in
          onWait(values.integer(at: 0))
          return .done
        })
    }
    return Screen(
      title: "Timers", body: body, commands: commands, notices: notice.map { [$0] } ?? [])
  }

  private func rowCommand(
    _ name: String, help: String, _ names: [String], _ act: @escaping (CountdownRow) -> Void
  ) -> Command {
    Command(name, arguments: [Argument("name", completions: names + ["all"])], help: help) {
      values in
      let chosen = values[0] == "all" ? rows : rows.filter { $0.name == values[0] }
      guard !chosen.isEmpty else { return Self.unknown(values[0]) }
      chosen.forEach(act)
      return .done
    }
  }

  private static func unknown(_ name: String) -> CommandResult {
    .refused("No timer called '\(name)'.")
  }
}
