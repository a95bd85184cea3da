// SPDX-License-Identifier: Apache-2.0

/// Splits a command line into words, shell style.
///
/// Spaces and tabs separate words. `'single quotes'` keep everything literally; `"double
/// quotes"` keep spaces and understand `\"` and `\\`; outside quotes a backslash keeps the next
/// character. Quoted and unquoted parts next to each other form one word (`a"b c"` is `ab c`),
/// and `""` is an empty word.
package enum CommandLineTokenizer {
  /// Why a line could not be split.
  package enum Failure: Error, Hashable, Sendable {
    /// A quote was opened and never closed.
    case unterminatedQuote(Character)

    /// The message the REPL shows.
    package var message: String {
      switch self {
      case .unterminatedQuote(let quote): "unterminated \(quote) quote: close it or escape it"
      }
    }
  }

  /// The result of splitting a line that may stop in the middle of a word.
  package struct Split: Hashable, Sendable {
    /// The words, the last one possibly unfinished.
    package var words: [String]
    /// Whether the line ends in the middle of a word (not after a separator).
    package var endsInWord: Bool
    /// The quote still open at the end of the line, if any.
    package var openQuote: Character?
  }

  /// The words of `line`, or why they could not be found.
  package static func tokenize(_ line: String) -> Result<[String], Failure> {
    let split = split(line)
    if let quote = split.openQuote { return .failure(.unterminatedQuote(quote)) }
    return .success(split.words)
  }

  /// Splits `line` without failing: an open quote is reported, not rejected (for completion).
  package static func split(_ line: String) -> Split {
    // Unicode scalars rather than characters: every special character is ASCII, and scalars
    // are much cheaper to walk on very long lines.
    var words: [String] = []
    var current = String.UnicodeScalarView()
    var inWord = false
    var quote: Unicode.Scalar?
    var escaping = false
    for scalar in line.unicodeScalars {
      if escaping {
        current.append(scalar)
        escaping = false
        continue
      }
      switch (quote, scalar) {
      case ("'", "'"), ("\"", "\""):
        quote = nil
      case ("'", _):
        current.append(scalar)
      case ("\"", "\\"), (nil, "\\"):
        escaping = true
        inWord = true
      case ("\"", _):
        current.append(scalar)
      case (nil, " "), (nil, "\t"):
        if inWord { words.append(String(current)) }
        current = String.UnicodeScalarView()
        inWord = false
      case (nil, "'"), (nil, "\""):
        quote = scalar
        inWord = true
      default:
        current.append(scalar)
        inWord = true
      }
    }
    if escaping { current.append("\\") }
    if inWord { words.append(String(current)) }
    return Split(words: words, endsInWord: inWord, openQuote: quote.map(Character.init))
  }

  /// `word` as it is typed so that ``tokenize(_:)`` reads it back as one word: each space,
  /// tab, quote and backslash escaped with a backslash, and an empty word as `''`.
  ///
  /// Escaping character by character (rather than quoting the word) also fits a piece of a
  /// word, which tab completion inserts after what was typed.
  package static func quoted(_ word: String) -> String {
    guard !word.isEmpty else { return "''" }
    var result = ""
    for character in word {
      if character == " " || character == "\t" || character == "'" || character == "\""
        || character == "\\"
      {
        result.append("\\")
      }
      result.append(character)
    }
    return result
  }
}
