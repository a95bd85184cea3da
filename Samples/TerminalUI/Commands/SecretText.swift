// SPDX-License-Identifier: Apache-2.0

/// A piece of text that must not be shown or saved, such as a password.
///
/// It prints as `••••••` (whatever its length), reflects with no children, and saves in a
/// snapshot as that mask, so a trace, a history, a debug view or a saved state never holds its
/// text. Only ``revealed`` gives the text, for the code that needs it (the check of a password).
///
/// ```swift
/// Command("login", arguments: [Argument("email"), .secret("password")], help: "Sign in.") {
///   values in
///   sink.send(.login(email: values[0], password: values.secret(at: 1)))
///   return .done
/// }
/// ```
///
/// Decoding one from a snapshot fails, because no snapshot holds one; a workflow whose state
/// carries a secret saves something else in its place (see the tictactoe sample's sign-in).
public struct SecretText: Hashable, Sendable {
  /// What a secret shows instead of its text.
  public static let mask = "••••••"

  /// The text itself.
  public let revealed: String

  /// Wraps `text`.
  public init(_ text: String) {
    revealed = text
  }
}

extension SecretText: CustomStringConvertible, CustomDebugStringConvertible {
  /// The mask, never the text.
  public var description: String { Self.mask }

  /// The mask, never the text.
  public var debugDescription: String { Self.mask }
}

extension SecretText: CustomReflectable {
  /// A mirror with no children, so reflection finds no text.
  public var customMirror: Mirror {
    Mirror(self, children: [], displayStyle: .struct)
  }
}

extension SecretText: Codable {
  /// Always fails: a snapshot never holds a secret's text.
  public init(from decoder: any Decoder) throws {
    throw DecodingError.dataCorrupted(
      .init(
        codingPath: decoder.codingPath,
        debugDescription: "a secret is never saved, so it cannot be restored"))
  }

  /// Writes the mask, never the text.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(Self.mask)
  }
}
