// SPDX-License-Identifier: Apache-2.0

import SampleSupport
import TerminalUI

/// The search screen: the query, whether a search is pending, and the ranked results.
public struct SearchScreen: ComposedScreen {
  /// The current query.
  public var query: String
  /// The ranked results of the last finished search: the best of its matches.
  public var results: [String]
  /// How many words the last finished search matched in all.
  public var matchCount: Int
  /// Whether a search for the current query is pending.
  public var isSearching: Bool
  /// How many words are searched.
  public var wordCount: Int
  /// Called with a whole new query.
  public var onQuery: (String) -> Void
  /// Called with letters to add to the query.
  public var onAppend: (String) -> Void
  /// Called to delete the query's last letter.
  public var onDeleteLast: () -> Void

  /// The search screen's look and commands.
  public var screen: Screen {
    var body = ["Query: \(query.isEmpty ? "(empty)" : query)"]
    if query.isEmpty {
      body.append("Type to search \(wordCount) words; the matches follow as you type.")
    } else if isSearching {
      body.append("Searching…")
    } else if results.isEmpty {
      body.append("No matches.")
    } else {
      let count = matchCount == 1 ? "1 match" : "\(matchCount) matches"
      body.append(results.count < matchCount ? "\(count), the best \(results.count):" : count + ":")
      body += results.enumerated().map { "\($0.offset + 1). \($0.element)" }
    }
    return Screen(
      title: "Search",
      body: body,
      commands: [
        Command(
          "find", arguments: [.text("text", isOptional: true)],
          help: "Search for new text (none empties the query)."
        ) { values in
          onQuery(values.first ?? "")
          return .done
        },
        Command("+", arguments: [Argument("letters")], help: "Add letters to the query.") {
          values in
          onAppend(values[0])
          return .done
        },
        .simple("-", help: "Delete the query's last letter.", onDeleteLast),
        .simple("clear", help: "Empty the query.") { onQuery("") },
      ],
      question: .argumentsOf("find", asTyped: true))
  }
}
