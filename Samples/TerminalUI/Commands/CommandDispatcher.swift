// SPDX-License-Identifier: Apache-2.0

/// Finds the command a line of words names and checks its arguments.
package enum CommandDispatcher {
  /// What a line of words resolves to.
  package enum Resolution {
    /// Run `command` with these argument values.
    case run(Command, arguments: [String])
    /// The command exists but the words do not fit its arguments.
    case usageError(Command, message: String)
    /// No command has this name; `suggestions` are the closest names, best first.
    case unknown(String, suggestions: [String])
  }

  /// Resolves `words` (the command name first) against `commands`.
  ///
  /// The first command with the name wins. Argument values are checked by count only: required
  /// arguments must be present, optional ones may be, and a rest-of-line argument receives the
  /// remaining words joined by one space.
  package static func resolve(_ words: [String], in commands: [Command]) -> Resolution {
    guard let name = words.first else { return .unknown("", suggestions: []) }
    guard let command = commands.first(where: { $0.name == name }) else {
      return .unknown(name, suggestions: suggestions(for: name, among: commands.map(\.name)))
    }
    return check(Array(words.dropFirst()), for: command)
  }

  /// Checks `given` against the arguments of `command`.
  package static func check(_ given: [String], for command: Command) -> Resolution {
    var values: [String] = []
    var remaining = given[...]
    for argument in command.arguments {
      if remaining.isEmpty {
        if argument.isOptional { break }
        return .usageError(command, message: "missing argument \(argument.usage)")
      }
      if argument.takesRestOfLine {
        values.append(remaining.joined(separator: " "))
        remaining = []
      } else {
        values.append(remaining.removeFirst())
      }
    }
    guard remaining.isEmpty else {
      let expected = command.arguments.count
      let takes =
        switch expected {
        case 0: "takes no arguments"
        case 1: "takes at most 1 argument"
        default: "takes at most \(expected) arguments"
        }
      return .usageError(command, message: "too many arguments (\(takes), got \(given.count))")
    }
    return .run(command, arguments: values)
  }

  /// Up to three names close to `typed`: names it is a prefix of, then names within a small
  /// edit distance, closest first.
  package static func suggestions(for typed: String, among names: [String]) -> [String] {
    // Distances on very long input cost time and suggest nothing useful.
    guard !typed.isEmpty, typed.count <= 64 else { return [] }
    let limit = max(1, min(3, typed.count / 2))
    var scored: [(name: String, score: Int)] = []
    for name in names where !scored.contains(where: { $0.name == name }) {
      if name.hasPrefix(typed) {
        scored.append((name, 0))
        continue
      }
      let distance = editDistance(typed, name)
      if distance <= limit { scored.append((name, distance)) }
    }
    scored.sort { ($0.score, $0.name) < ($1.score, $1.name) }
    return scored.prefix(3).map(\.name)
  }
}
