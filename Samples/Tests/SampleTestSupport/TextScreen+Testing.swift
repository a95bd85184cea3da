// SPDX-License-Identifier: Apache-2.0

import TerminalUI

extension TextScreen {
  /// Runs a command line the way a user would type it: the first word names the command, and
  /// the rest are its arguments (a rest-of-line argument takes the remaining words).
  ///
  /// - Returns: The command's result, `.usageError` when a required argument is missing, or
  ///   `nil` when the screen has no such command.
  @discardableResult
  public func run(_ line: String) -> CommandResult? {
    var words = line.split(separator: " ").map(String.init)
    guard !words.isEmpty else { return nil }
    let name = words.removeFirst()
    guard let command = commands.first(where: { $0.name == name }) else { return nil }
    // Like the REPL, refuse a line that leaves out a required argument.
    let required = command.arguments.filter { !$0.isOptional }.count
    guard words.count >= required else { return .usageError("missing arguments") }
    var values: [String] = []
    for (index, argument) in command.arguments.enumerated() {
      guard index < words.count else { break }
      if argument.takesRestOfLine {
        values.append(words[index...].joined(separator: " "))
        break
      }
      values.append(words[index])
    }
    return command.perform(values)
  }

  /// The names of the screen's commands, in order.
  public var commandNames: [String] { commands.map(\.name) }

  /// The screen laid out 80 columns wide, as one string.
  public var text: String { render(width: 80).joined(separator: "\n") }
}
