// SPDX-License-Identifier: Apache-2.0

import SampleSupport
import TerminalUI

/// The search screen: the query, whether a search is pending, and the ranked results.
public struct SearchScreen: ComposedScreen {
  /// The current query.
  public var query: String
  /// The ranked results of the last finished search.
  public var results: [String]
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
      body.append("Search \(wordCount) words: 'find <text>', then '+ <letters>' or '-'.")
    } else if isSearching {
      body.append("Searching…")
    } else if results.isEmpty {
      body.append("No matches.")
    } else {
      body += results.enumerated().map { "\($0.offset + 1). \($0.element)" }
    }
    return Screen(
      title: "Search",
      body: body,
      commands: [
        Command("find", arguments: [.text("text")], help: "Search for new text.") { values in
          onQuery(values[0])
          return .done
        },
        Command("+", arguments: [Argument("letters")], help: "Add letters to the query.") {
          values in
          onAppend(values[0])
          return .done
        },
        .simple("-", help: "Delete the query's last letter.", onDeleteLast),
        .simple("clear", help: "Empty the query.") { onQuery("") },
      ])
  }
}
