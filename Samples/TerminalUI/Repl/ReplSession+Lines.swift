// SPDX-License-Identifier: Apache-2.0

extension ReplSession {
  /// `line` as the transcript shows it: cut to a readable length, its secret arguments
  /// replaced by ``SecretText/mask``.
  func shownLine(_ line: String) -> String {
    guard let words = classifiedWords(of: line) else {
      return TextLayout.truncate(String(line.prefix(256)), width: 200)
    }
    let shown = words.map { $0.isSecret ? SecretText.mask : Self.quoted($0.text) }
    return TextLayout.truncate(shown.joined(separator: " "), width: 200)
  }

  /// What the history file keeps of `line`: nil for a blank line, and the line without its
  /// secret arguments when it has any (recalled, it asks for them again).
  ///
  /// Call it before ``handle(_:)``: which words are secret depends on the screen the line was
  /// typed on.
  package func historyEntry(for line: String) -> String? {
    guard line.contains(where: { !$0.isWhitespace }) else { return nil }
    guard let words = classifiedWords(of: line) else { return line }
    return words.filter { !$0.isSecret }.map { Self.quoted($0.text) }.joined(separator: " ")
  }

  /// The words of `line`, each marked secret or not, when the command it names takes a secret
  /// given on the line; nil otherwise.
  private func classifiedWords(of line: String) -> [(text: String, isSecret: Bool)]? {
    guard case .success(let words) = CommandLineTokenizer.tokenize(line),
      let name = words.first
    else { return nil }
    let arguments =
      ReplBuiltin(rawValue: name)?.arguments
      ?? availableCommands.first(where: { $0.name == name })?.arguments ?? []
    let values = words.dropFirst()
    let classified =
      [(name, false)]
      + values.enumerated().map { offset, word in
        (word, offset < arguments.count && arguments[offset].isSecret)
      }
    return classified.contains(where: \.1) ? classified.map { ($0.0, $0.1) } : nil
  }

  /// The prompt that asks for the one secret argument `words` leave out, when a person types
  /// them and every other argument is given; nil otherwise.
  func secretPrompt(for words: [String]) -> String? {
    guard isInteractive, let name = words.first,
      let command = availableCommands.first(where: { $0.name == name })
    else { return nil }
    let given = words.count - 1
    guard given < command.arguments.count else { return nil }
    let missing = command.arguments[given]
    let rest = command.arguments[(given + 1)...]
    guard missing.isSecret, rest.allSatisfy(\.isOptional) else { return nil }
    let label = missing.name.prefix(1).uppercased() + missing.name.dropFirst()
    return "\(label) for \(name) (not shown): "
  }

  /// `word` as typed so that the tokenizer reads it back: single-quoted when it holds a space,
  /// a quote or a backslash, or is empty.
  static func quoted(_ word: String) -> String {
    let special: Set<Character> = [" ", "\t", "'", "\"", "\\"]
    guard word.isEmpty || word.contains(where: special.contains) else { return word }
    return "'"
      + word.split(separator: "'", omittingEmptySubsequences: false).joined(
        separator: "'\\''") + "'"
  }
}
