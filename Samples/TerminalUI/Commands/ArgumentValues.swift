// SPDX-License-Identifier: Apache-2.0

/// The values a ``Command`` receives: one string per argument given, in order, already checked
/// against each ``Argument``.
///
/// It is a collection of the strings as typed (`values[0]`); ``integer(at:)`` and
/// ``secret(at:)`` read the value of an integer or a secret argument in its own type.
public struct ArgumentValues: RandomAccessCollection, Sendable {
  private let values: [String]
  private let arguments: [Argument]
  private let commandName: String

  /// The values given for `arguments` of the command `commandName`.
  init(_ values: [String], arguments: [Argument], commandName: String) {
    self.values = values
    self.arguments = arguments
    self.commandName = commandName
  }

  /// The position of the first value.
  public var startIndex: Int { 0 }

  /// The position after the last value.
  public var endIndex: Int { values.count }

  /// The value at `position`, as typed.
  public subscript(position: Int) -> String { values[position] }

  /// The value at `index` of an argument made with ``Argument/integer(_:in:isOptional:completions:)``,
  /// which the REPL checked to be an integer in its range.
  public func integer(at index: Int) -> Int {
    guard let value = Int(values[index]), argument(at: index).integerRange != nil else {
      preconditionFailure(
        "Command '\(commandName)': argument \(index) ('\(argument(at: index).name)') is not an"
          + " integer argument; declare it with Argument.integer(_:in:)")
    }
    return value
  }

  /// The value at `index` of an argument made with ``Argument/secret(_:)``.
  public func secret(at index: Int) -> SecretText {
    precondition(
      argument(at: index).isSecret,
      "Command '\(commandName)': argument \(index) ('\(argument(at: index).name)') is not"
        + " secret; declare it with Argument.secret(_:)")
    return SecretText(values[index])
  }

  private func argument(at index: Int) -> Argument {
    precondition(
      arguments.indices.contains(index),
      "Command '\(commandName)': there is no argument \(index); it has \(arguments.count)")
    return arguments[index]
  }
}
