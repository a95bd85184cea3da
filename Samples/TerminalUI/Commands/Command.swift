// SPDX-License-Identifier: Apache-2.0

import Workflow

/// A command a screen accepts: its name, arguments and help, and what it does.
///
/// Typically bound to a sink made in render:
///
/// ```swift
/// let sink = context.makeSink(of: Action.self)
/// let commands = [
///   Command(
///     "add", argument: .text("title"), help: "Add a todo.",
///     to: sink.contraMap(Action.add)),
///   Command("clear", help: "Remove finished todos.", sending: .clear, to: sink),
///   Command(
///     "open", argument: Argument("index"), help: "Open a todo.", to: sink
///   ) { text in
///     Int(text).map(Action.open)  // nil -> "invalid <index>: 'x'"
///   },
/// ]
/// ```
///
/// The REPL checks the number of words against ``arguments`` before it calls
/// ``perform(_:)``, which checks each value against its argument (an integer in its range) and
/// only then runs the command's body. The body receives one value per argument given: required
/// ones always, optional ones when typed, and a rest-of-line argument as a single string. It
/// returns ``CommandResult/refused(_:)`` to turn a request down (a taken square), or
/// ``CommandResult/usageError(_:)`` to reject a value's form.
public struct Command {
  /// The word that invokes the command; one word, no spaces.
  public var name: String
  /// The arguments, in order: required first, then optional; a rest-of-line one last.
  public var arguments: [Argument]
  /// One line telling what the command does, shown by `help`.
  public var help: String
  /// Whether `:undo` takes back what the command did; false for one that only moves the view
  /// (shows another page), which `:undo` then passes over. True by default.
  public var isUndoable = true
  private var body: (ArgumentValues) -> CommandResult

  /// Creates a command from its parts.
  ///
  /// - Parameters:
  ///   - name: The word that invokes the command.
  ///   - arguments: Its arguments.
  ///   - help: One line telling what it does.
  ///   - perform: Runs it with one value per argument given, each accepted by its argument.
  public init(
    _ name: String,
    arguments: [Argument] = [],
    help: String,
    perform: @escaping (ArgumentValues) -> CommandResult
  ) {
    Self.checkShape(name: name, arguments: arguments)
    self.name = name
    self.arguments = arguments
    self.help = help
    self.body = perform
  }

  /// The command, passed over by `:undo` (see ``isUndoable``).
  public func notUndoable() -> Command {
    var command = self
    command.isUndoable = false
    return command
  }

  /// Runs the command with the values typed, one per argument given, after checking each
  /// against its argument: a value an argument refuses (a number out of its range) is
  /// answered without running the command.
  public func perform(_ values: [String]) -> CommandResult {
    for (value, argument) in zip(values, arguments) {
      if let refusal = argument.refusal(of: value) { return refusal }
    }
    return body(ArgumentValues(values, arguments: arguments, commandName: name))
  }

  /// Creates a command without arguments that sends `value` to `sink`.
  public init<Value>(_ name: String, help: String, sending value: Value, to sink: Sink<Value>) {
    self.init(name, help: help) { _ in
      sink.send(value)
      return .done
    }
  }

  /// Creates a command with one argument that sends the typed text to `sink`.
  ///
  /// With ``Argument/text(_:isOptional:completions:)`` the text is the rest of the line. An
  /// optional argument left out sends an empty string.
  public init(_ name: String, argument: Argument, help: String, to sink: Sink<String>) {
    self.init(name, arguments: [argument], help: help) { values in
      sink.send(values.first ?? "")
      return .done
    }
  }

  /// Creates a command with one argument, parsed by `parse` before it is sent to `sink`.
  ///
  /// When `parse` returns nil, nothing is sent and the user sees
  /// `invalid <argument>: 'text'` with the usage line.
  public init<Value>(
    _ name: String,
    argument: Argument,
    help: String,
    to sink: Sink<Value>,
    parse: @escaping (String) -> Value?
  ) {
    self.init(name, arguments: [argument], help: help) { values in
      let text = values.first ?? ""
      guard let value = parse(text) else {
        return .usageError("invalid \(argument.usage): '\(text)'")
      }
      sink.send(value)
      return .done
    }
  }

  /// Traps when the command could never be typed or its arguments could not be told apart.
  private static func checkShape(name: String, arguments: [Argument]) {
    precondition(
      !name.isEmpty && !name.contains(where: \.isWhitespace),
      "Command '\(name)': a command name must be one word; remove the spaces")
    for (index, argument) in arguments.enumerated() {
      precondition(
        !argument.takesRestOfLine || index == arguments.count - 1,
        "Command '\(name)': argument '\(argument.name)' takes the rest of the line, so it must"
          + " be the last argument; move it to the end")
      precondition(
        argument.isOptional || arguments[..<index].allSatisfy { !$0.isOptional },
        "Command '\(name)': required argument '\(argument.name)' follows an optional one; put"
          + " optional arguments last")
    }
  }

  /// The usage line: the name followed by each argument's ``Argument/usage``.
  public var usage: String {
    ([name] + arguments.map(\.usage)).joined(separator: " ")
  }
}
