// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The words the search sample looks through.
public enum WordList {
  /// The list shipped with the sample (`Resources/words.txt`, one lowercase word a line).
  ///
  /// - Returns: The words, or an empty list when the resource cannot be read.
  public static func bundled() -> [String] {
    guard
      let url = Bundle.module.url(forResource: "words", withExtension: "txt"),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else { return [] }
    return text.split(separator: "\n").map(String.init)
  }
}
