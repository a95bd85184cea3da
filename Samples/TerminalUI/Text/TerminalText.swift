// SPDX-License-Identifier: Apache-2.0

/// Text on its way to the terminal: runs of characters, each plain or styled by TerminalUI.
///
/// Styles travel beside the text, never inside it, so the terminal writer can make every
/// control character of the text visible (``TextLayout/visible(_:)``) and still colour what
/// TerminalUI itself styled: text from a user or a file cannot forge an escape sequence.
///
/// ```swift
/// let line: TerminalText = "\(style.error("error:")) no timer called '\(name)'"
/// ```
package struct TerminalText: Hashable, Sendable, ExpressibleByStringInterpolation {
  /// How TerminalUI decorates a run on a colour terminal.
  package enum Style: Hashable, Sendable {
    /// Bold: a screen's title.
    case title
    /// Red: an error.
    case error
    /// Yellow: a warning.
    case warning
    /// Dim: a hint or an aside.
    case hint
    /// Reverse video: the part of a line to look at (a changed field).
    case highlight
  }

  /// Characters that share a style.
  package struct Run: Hashable, Sendable {
    /// The characters, as they came (not yet made visible).
    package var text: String
    /// The style, or nil for plain text.
    package var style: Style?
  }

  /// The runs, in order.
  package private(set) var runs: [Run]

  /// Plain text.
  package init(_ text: String = "") {
    runs = text.isEmpty ? [] : [Run(text: text, style: nil)]
  }

  /// Text in one style.
  package init(_ text: String, style: Style?) {
    runs = text.isEmpty ? [] : [Run(text: text, style: style)]
  }

  package init(stringLiteral value: String) {
    self.init(value)
  }

  package init(stringInterpolation: StringInterpolation) {
    runs = stringInterpolation.text.runs
  }

  /// Builds a ``TerminalText`` from a literal whose interpolations may be styled text.
  package struct StringInterpolation: StringInterpolationProtocol {
    fileprivate var text = TerminalText()

    package init(literalCapacity: Int, interpolationCount: Int) {}

    package mutating func appendLiteral(_ literal: String) {
      text.append(literal)
    }

    package mutating func appendInterpolation(_ styled: TerminalText) {
      text.append(styled)
    }

    package mutating func appendInterpolation<Value>(_ value: Value) {
      text.append(String(describing: value))
    }
  }

  /// The characters without their styles.
  package var plainText: String {
    runs.map(\.text).joined()
  }

  /// Whether there are no characters.
  package var isEmpty: Bool { runs.isEmpty }

  /// Adds plain text at the end.
  package mutating func append(_ text: String) {
    append(TerminalText(text))
  }

  /// Adds styled text at the end; runs of the same style merge.
  package mutating func append(_ other: TerminalText) {
    for run in other.runs {
      if let last = runs.last, last.style == run.style {
        runs[runs.count - 1].text += run.text
      } else {
        runs.append(run)
      }
    }
  }

  /// The text with `style` on every run that has none.
  package func styled(_ style: Style) -> TerminalText {
    var result = TerminalText()
    for run in runs { result.append(TerminalText(run.text, style: run.style ?? style)) }
    return result
  }

  /// The two texts one after the other.
  package static func + (lhs: TerminalText, rhs: TerminalText) -> TerminalText {
    var result = lhs
    result.append(rhs)
    return result
  }

  /// The text followed by plain text.
  package static func + (lhs: TerminalText, rhs: String) -> TerminalText {
    lhs + TerminalText(rhs)
  }

  /// Plain text followed by the text.
  package static func + (lhs: String, rhs: TerminalText) -> TerminalText {
    TerminalText(lhs) + rhs
  }

  /// Appends `rhs` to `lhs`.
  package static func += (lhs: inout TerminalText, rhs: TerminalText) {
    lhs.append(rhs)
  }

  /// The lines of the text, split at its line feeds, each keeping its styles.
  package var lines: [TerminalText] {
    var result = [TerminalText()]
    for run in runs {
      let pieces = run.text.split(separator: "\n", omittingEmptySubsequences: false)
      for (index, piece) in pieces.enumerated() {
        if index > 0 { result.append(TerminalText()) }
        result[result.count - 1].append(TerminalText(String(piece), style: run.style))
      }
    }
    return result
  }
}
