// SPDX-License-Identifier: Apache-2.0

/// One argument of a ``Command``: its name for the usage line, whether it may be left out, the
/// values tab completion offers, and what a value must be.
///
/// ```swift
/// Argument("name", completions: ["alice", "bob"])   // <name>
/// Argument("count", isOptional: true)               // [count]
/// Argument.text("title")                            // <title...>, the rest of the line
/// Argument.integer("row", in: 1...3)                // <row>: "Row must be between 1 and 3."
/// Argument.secret("password")                       // <password>: never shown or kept
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
  /// The integers the argument accepts, or nil when it takes any text.
  ///
  /// A value that is not an integer, or one outside the range, is refused before the command
  /// runs, so the command can read it with ``ArgumentValues/integer(at:)``.
  public var integerRange: ClosedRange<Int>?
  /// Whether the value is a secret, such as a password.
  ///
  /// A secret is masked wherever the REPL would show the line typed, and left out of the
  /// history file; the command reads it with ``ArgumentValues/secret(at:)``.
  public var isSecret: Bool

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
    self.integerRange = nil
    self.isSecret = false
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

  /// Creates an argument that takes an integer in `range`.
  ///
  /// - Parameters:
  ///   - name: The name shown in the usage line, and in the reply to a value out of range.
  ///   - range: The integers accepted.
  ///   - isOptional: Whether it may be left out.
  ///   - completions: The values tab completion offers.
  public static func integer(
    _ name: String, in range: ClosedRange<Int>, isOptional: Bool = false,
    completions: [String] = []
  ) -> Argument {
    var argument = Argument(name, isOptional: isOptional, completions: completions)
    argument.integerRange = range
    return argument
  }

  /// Creates an argument whose value is a secret: masked when the line is shown, never written
  /// to the history file. On a terminal, a line that leaves it out (`login ann@example.com`)
  /// asks for it without showing what is typed.
  ///
  /// - Parameter name: The name shown in the usage line.
  public static func secret(_ name: String) -> Argument {
    var argument = Argument(name)
    argument.isSecret = true
    return argument
  }

  /// How the usage line shows the argument: `<name>`, `[name]`, `<name...>` or `[name...]`.
  public var usage: String {
    let label = takesRestOfLine ? name + "..." : name
    return isOptional ? "[\(label)]" : "<\(label)>"
  }

  /// Why `value` is refused, or nil when the argument accepts it.
  func refusal(of value: String) -> CommandResult? {
    guard let range = integerRange else { return nil }
    if let number = Int(value), range.contains(number) { return nil }
    // A number too long for Int is still a number: say what is allowed rather than "invalid".
    let digits = value.first == "-" || value.first == "+" ? value.dropFirst() : value[...]
    guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigitCharacter) else {
      let shown = TextLayout.truncate(value, width: 40)
      return .usageError(
        "invalid \(usage): '\(shown)' (\(range.lowerBound) to \(range.upperBound))")
    }
    let subject = name.prefix(1).uppercased() + name.dropFirst()
    return .refused(
      "\(subject) must be between \(range.lowerBound) and \(range.upperBound).")
  }
}

extension Character {
  fileprivate var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
