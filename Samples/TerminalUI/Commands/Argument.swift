// SPDX-License-Identifier: Apache-2.0

/// One argument of a ``Command``: its name for the usage line, whether it may be left out, and the
/// values tab completion offers.
///
/// ```swift
/// let name = Argument("name", completions: ["alice", "bob"])  // <name>
/// let count = Argument("count", isOptional: true)  // [count]
/// let title = Argument.text("title")  // <title...>: the rest of the line
/// ```
public struct Argument: Hashable, Sendable {
  /// The name shown in the usage line.
  public var name: String
  /// Whether the argument may be left out. Only trailing arguments may be optional.
  public var isOptional: Bool
  /// Whether the argument takes the rest of the line (all remaining words, joined by one space).
  ///
  /// Only the last argument of a command may take the rest of the line.
  public var takesRestOfLine: Bool
  /// The values tab completion offers for this argument.
  public var completions: [String]

  /// Creates an argument that takes one word (quote it to include spaces).
  ///
  /// - Parameters:
  ///   - name: The name shown in the usage line.
  ///   - isOptional: Whether it may be left out.
  ///   - completions: The values tab completion offers.
  public init(_ name: String, isOptional: Bool = false, completions: [String] = []) {
    self.name = name
    self.isOptional = isOptional
    self.takesRestOfLine = false
    self.completions = completions
  }

  /// Creates an argument that takes the rest of the line as free text.
  ///
  /// - Parameters:
  ///   - name: The name shown in the usage line.
  ///   - isOptional: Whether it may be left out (then the command receives no value for it).
  ///   - completions: The values tab completion offers.
  public static func text(
    _ name: String, isOptional: Bool = false, completions: [String] = []
  ) -> Argument {
    var argument = Argument(name, isOptional: isOptional, completions: completions)
    argument.takesRestOfLine = true
    return argument
  }

  /// How the usage line shows the argument: `<name>`, `[name]`, `<name...>` or `[name...]`.
  public var usage: String {
    let label = takesRestOfLine ? name + "..." : name
    return isOptional ? "[\(label)]" : "<\(label)>"
  }
}
