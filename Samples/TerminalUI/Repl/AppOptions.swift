// SPDX-License-Identifier: Apache-2.0

/// The command-line flags every ``TerminalApp`` accepts.
///
/// ```
/// todo --restore saved.json --trace passes.jsonl --trace-events todo.trace.json
/// ```
///
/// A value follows its flag as the next argument or after `=` (`--trace=passes.jsonl`).
package struct AppOptions: Hashable, Sendable {
  /// The snapshot file to start from (`--restore FILE`).
  package var restoreFile: String?
  /// The file that receives every render pass as a JSON line (`--trace FILE`).
  package var traceFile: String?
  /// The file that receives the last steps in the Trace Event Format when the app ends
  /// (`--trace-events FILE`).
  package var traceEventsFile: String?
  /// Whether `--help` asked for the usage text instead of running the app.
  package var showsHelp = false

  package init(
    restoreFile: String? = nil, traceFile: String? = nil, traceEventsFile: String? = nil,
    showsHelp: Bool = false
  ) {
    self.restoreFile = restoreFile
    self.traceFile = traceFile
    self.traceEventsFile = traceEventsFile
    self.showsHelp = showsHelp
  }

  /// Why the arguments could not be read.
  package enum ParseError: Error, Hashable, CustomStringConvertible {
    /// A flag this app does not know.
    case unknownOption(String)
    /// A flag given without the value it needs.
    case missingValue(option: String)
    /// A flag given more than once.
    case repeatedOption(String)
    /// A word that is not a flag.
    case unexpectedArgument(String)

    package var description: String {
      switch self {
      case .unknownOption(let option): "unknown option '\(option)'"
      case .missingValue(let option): "\(option) needs a file: \(option) FILE"
      case .repeatedOption(let option): "\(option) is given more than once"
      case .unexpectedArgument(let argument): "unexpected argument '\(argument)'"
      }
    }
  }

  /// Reads the arguments that follow the program's name.
  package static func parse(_ arguments: [String]) -> Result<AppOptions, ParseError> {
    var options = AppOptions()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      var name = argument
      var attachedValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        attachedValue = String(argument[argument.index(after: equals)...])
      }
      switch name {
      case "--help", "-h":
        guard attachedValue == nil else { return .failure(.unknownOption(argument)) }
        options.showsHelp = true
      case "--restore", "--trace", "--trace-events":
        // A following flag is a forgotten value, not a file name.
        let value = attachedValue ?? remaining.first.flatMap { $0.hasPrefix("--") ? nil : $0 }
        if attachedValue == nil, value != nil { remaining.removeFirst() }
        guard let value, !value.isEmpty else { return .failure(.missingValue(option: name)) }
        let file: WritableKeyPath<AppOptions, String?> =
          switch name {
          case "--restore": \.restoreFile
          case "--trace": \.traceFile
          default: \.traceEventsFile
          }
        guard options[keyPath: file] == nil else { return .failure(.repeatedOption(name)) }
        options[keyPath: file] = value
      default:
        return .failure(
          argument.hasPrefix("-") ? .unknownOption(name) : .unexpectedArgument(argument))
      }
    }
    return .success(options)
  }

  /// The help text for an app called `name`.
  package static func usage(appName name: String) -> String {
    """
    usage: \(name) [--restore FILE] [--trace FILE] [--trace-events FILE]

    Options:
      --restore FILE       Start from a snapshot saved with the :save command.
      --trace FILE         Write every render pass to FILE, one JSON object per line.
      --trace-events FILE  When the app ends, write its last \(TraceEventsFile.capacity) steps to FILE for
                           Perfetto, chrome://tracing or speedscope.
      --help               Print this help and exit.

    Inside the app, type 'help' to list the commands of the current screen.

    """
  }
}
