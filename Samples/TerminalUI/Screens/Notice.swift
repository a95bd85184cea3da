// SPDX-License-Identifier: Apache-2.0

/// Something to tell the user once, such as "Time is up: tea!": the REPL prints it in the
/// transcript when a screen first carries it, and never as part of a screen.
///
/// A message kept on the screen would stay there, on every later screen and every tick, until
/// something cleared it. A notice is printed once above the screen and scrolls away with the
/// transcript. A workflow keeps the latest notice in its state with an `id` that changes for
/// each new one (a counter), so the same notice rendered again is not printed again.
public struct Notice: Hashable, Sendable, Codable {
  /// Tells this notice from the one before; a notice with a new id is printed again.
  public var id: Int
  /// The text, one line.
  public var text: String

  /// Creates a notice.
  public init(id: Int, text: String) {
    self.id = id
    self.text = text
  }
}
