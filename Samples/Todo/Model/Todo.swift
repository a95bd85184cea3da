// SPDX-License-Identifier: Apache-2.0

/// One todo: a title and whether it is done.
public struct Todo: Codable, Equatable, Sendable {
  /// The todo's identity, stable across renames and launches.
  public var id: Int
  /// What to do.
  public var title: String
  /// Whether it is done.
  public var isDone: Bool

  /// Creates a todo.
  public init(id: Int, title: String, isDone: Bool = false) {
    self.id = id
    self.title = title
    self.isDone = isDone
  }

  /// The longest title a command accepts, in characters.
  public static let titleLimit = 1_000

  /// The reply to a title longer than ``titleLimit``, or nil when it is not.
  static func refusal(ofTitle title: String) -> String? {
    // Only as far as the limit is walked: the title may be megabytes long.
    guard
      title.index(title.startIndex, offsetBy: titleLimit, limitedBy: title.endIndex)
        .map({ $0 < title.endIndex }) ?? false
    else { return nil }
    return "A title has at most \(titleLimit) characters; shorten this one."
  }
}
