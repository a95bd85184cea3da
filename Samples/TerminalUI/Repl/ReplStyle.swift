// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the REPL decorates its output: ANSI colours on a terminal, plain text otherwise.
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

  package func title(_ text: String) -> String { wrap(text, "1") }
  package func error(_ text: String) -> String { wrap(text, "31") }
  package func warning(_ text: String) -> String { wrap(text, "33") }
  package func hint(_ text: String) -> String { wrap(text, "2") }
  package func highlight(_ text: String) -> String { wrap(text, "1;36") }

  private func wrap(_ text: String, _ code: String) -> String {
    isColored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
