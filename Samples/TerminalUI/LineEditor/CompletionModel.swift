// SPDX-License-Identifier: Apache-2.0

/// What tab completion knows about the current screen: each command's name and arguments.
///
/// A `Sendable` snapshot, so the line editor can complete on its own thread while the REPL
/// keeps the workflow on the main actor.
package struct CompletionModel: Hashable, Sendable {
  /// One command's name and arguments.
  package struct Entry: Hashable, Sendable {
    package var name: String
    package var arguments: [Argument]

    package init(name: String, arguments: [Argument]) {
      self.name = name
      self.arguments = arguments
    }
  }

  /// What pressing tab does.
  package struct Completion: Hashable, Sendable {
    /// Text to insert at the cursor; empty when nothing is certain.
    package var insertion: String
    /// The possibilities to list when the insertion alone does not settle it.
    package var candidates: [String]

    package init(insertion: String, candidates: [String]) {
      self.insertion = insertion
      self.candidates = candidates
    }
  }

  /// The commands, in the order `help` lists them.
  package var entries: [Entry]

  package init(entries: [Entry]) {
    self.entries = entries
  }

  /// The completion for the text before the cursor.
  ///
  /// The first word completes to a command name; later words to the completions of the
  /// argument in that position (a rest-of-line argument covers every later word). A single
  /// match is inserted whole, followed by a space; several matches insert their common prefix,
  /// and are listed when there is no common prefix to add.
  package func complete(_ textBeforeCursor: String) -> Completion {
    let split = CommandLineTokenizer.split(textBeforeCursor)
    guard split.openQuote == nil else { return Completion(insertion: "", candidates: []) }
    let partial = split.endsInWord ? split.words.last ?? "" : ""
    let completeWords = split.endsInWord ? split.words.dropLast() : split.words[...]
    let options: [String]
    if completeWords.isEmpty {
      options = entries.map(\.name)
    } else if let entry = entries.first(where: { $0.name == completeWords.first }) {
      let index = completeWords.count - 1
      if index < entry.arguments.count {
        options = entry.arguments[index].completions
      } else if let last = entry.arguments.last, last.takesRestOfLine {
        options = last.completions
      } else {
        options = []
      }
    } else {
      options = []
    }
    var seen = Set<String>()
    let matches = options.filter { $0.hasPrefix(partial) && seen.insert($0).inserted }
    return completion(of: partial, matches: matches)
  }

  private func completion(of partial: String, matches: [String]) -> Completion {
    guard let first = matches.first else { return Completion(insertion: "", candidates: []) }
    if matches.count == 1 {
      return Completion(
        insertion: escaped(String(first.dropFirst(partial.count))) + " ", candidates: [])
    }
    var common = first
    for match in matches.dropFirst() {
      while !match.hasPrefix(common) { common.removeLast() }
    }
    let insertion = escaped(String(common.dropFirst(partial.count)))
    return Completion(insertion: insertion, candidates: insertion.isEmpty ? matches.sorted() : [])
  }

  /// `fragment`, the rest of a word after what was typed, escaped as the tokenizer reads it.
  private func escaped(_ fragment: String) -> String {
    fragment.isEmpty ? "" : CommandLineTokenizer.quoted(fragment)
  }
}
