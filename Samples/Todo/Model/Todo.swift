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
}
