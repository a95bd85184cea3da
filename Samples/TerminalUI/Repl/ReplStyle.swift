// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the REPL decorates its output, and the one place its text becomes terminal bytes.
///
/// ``render(_:)`` makes every control character of the text visible (``TextLayout/visible(_:)``)
/// and, on a colour terminal, wraps each styled run in its SGR escape codes, which are the only
/// escape codes the REPL ever writes around text. Text from a user or a file (a todo's title,
/// a name in a state file, a line of `:trace`) therefore reaches the terminal as text.
package struct ReplStyle: Hashable, Sendable {
  /// Whether escape codes are written.
  package var isColored: Bool

  package init(isColored: Bool) {
    self.isColored = isColored
  }

  /// Colours when standard output is a terminal and `NO_COLOR` is unset or empty (see
  /// no-color.org).
  package static func detect(environment: [String: String]) -> ReplStyle {
    let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    return ReplStyle(isColored: isatty(1) == 1 && !noColor)
  }

  package func title(_ text: String) -> TerminalText { TerminalText(text, style: .title) }
  package func error(_ text: String) -> TerminalText { TerminalText(text, style: .error) }
  package func warning(_ text: String) -> TerminalText { TerminalText(text, style: .warning) }
  package func hint(_ text: String) -> TerminalText { TerminalText(text, style: .hint) }
  package func highlight(_ text: String) -> TerminalText {
    TerminalText(text, style: .highlight)
  }

  /// The bytes to write for `text`: its characters made visible, its styles as escape codes
  /// when colours are on. A line feed is kept as the end of a line.
  package func render(_ text: TerminalText) -> String {
    var result = ""
    for run in text.runs {
      let lines = run.text.split(separator: "\n", omittingEmptySubsequences: false)
      for (index, line) in lines.enumerated() {
        if index > 0 { result += "\n" }
        guard !line.isEmpty else { continue }
        let shown = TextLayout.visible(String(line))
        if isColored, let style = run.style {
          result += "\u{1B}[\(Self.code(of: style))m" + shown + "\u{1B}[0m"
        } else {
          result += shown
        }
      }
    }
    return result
  }

  private static func code(of style: TerminalText.Style) -> String {
    switch style {
    case .title: "1"
    case .error: "31"
    case .warning: "33"
    case .hint: "2"
    case .highlight: "7"
    }
  }
}
