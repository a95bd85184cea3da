// SPDX-License-Identifier: Apache-2.0

import SampleSupport
import TerminalUI

/// The timers screen: one line per countdown, and commands that name a countdown.
public struct TimersScreen: ComposedScreen {
  /// The rendered countdowns.
  public var rows: [CountdownRow]
  /// Something to tell the user.
  public var message: String?
  /// Called with the name and length in seconds of a new countdown.
  public var onAdd: (String, Int) -> Void
  /// Called with the name of a countdown to remove.
  public var onRemove: (String) -> Void
  /// Called with a name that matches no countdown.
  public var onUnknown: (String) -> Void
  /// Moves a virtual clock forward by some seconds; `nil` when time is real.
  public var onWait: ((Int) -> Void)?

  /// The timers' look and commands.
  public var screen: Screen {
    var body = rows.isEmpty ? ["No timers. Add one with 'add <name> <seconds>'."] : rows.map(\.line)
    if let message { body += ["", message] }
    let names = rows.map(\.name)
    var commands = [
      Command(
        "add", arguments: [Argument("name"), Argument("seconds")],
        help: "Add a countdown, e.g. 'add pasta 540'."
      ) { values in
        guard let seconds = Int(values[1]), (1...86_400).contains(seconds) else {
          return .usageError("invalid <seconds>: '\(values[1])' (1 to 86400)")
        }
        onAdd(values[0], seconds)
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
        guard names.contains(values[0]) else {
          onUnknown(values[0])
          return .done
        }
        onRemove(values[0])
        return .done
      },
    ]
    if let onWait {
      commands.append(
        Command(
          "wait", arguments: [Argument("seconds")],
          help: "Move the scripted clock forward (only when time is virtual)."
        ) { values in
          guard let seconds = Int(values[0]), (0...86_400).contains(seconds) else {
            return .usageError("invalid <seconds>: '\(values[0])' (0 to 86400)")
          }
          onWait(seconds)
          return .done
        })
    }
    return Screen(title: "Timers", body: body, commands: commands)
  }

  private func rowCommand(
    _ name: String, help: String, _ names: [String], _ act: @escaping (CountdownRow) -> Void
  ) -> Command {
    Command(name, arguments: [Argument("name", completions: names + ["all"])], help: help) {
      values in
      let chosen = values[0] == "all" ? rows : rows.filter { $0.name == values[0] }
      guard !chosen.isEmpty else {
        onUnknown(values[0])
        return .done
      }
      chosen.forEach(act)
      return .done
    }
  }
}
