// SPDX-License-Identifier: Apache-2.0

extension AuthenticationWorkflow.State: Codable {
  /// The saved form of a state: everything but a password, which never goes to disk.
  private enum Saved: Codable {
    case credentials(email: String, error: String?)
    case secondFactor(email: String, token: String, error: String?)
    case checkingCode(email: String, token: String, code: String)
  }

  /// The message shown when a password check was in flight as the snapshot was taken.
  static let interruptedMessage = "The sign-in was interrupted; enter the password again."

  /// Reads a saved step; a code check restarts its worker as soon as it is rendered.
  public init(from decoder: any Decoder) throws {
    switch try Saved(from: decoder) {
    case .credentials(let email, let error):
      self = .credentials(email: email, error: error)
    case .secondFactor(let email, let token, let error):
      self = .secondFactor(email: email, token: token, error: error)
    case .checkingCode(let email, let token, let code):
      self = .checkingCode(email: email, token: token, code: code)
    }
  }

  /// Saves the step; a password check in flight is saved as the form with the email filled in,
  /// since saving it would write the password to disk.
  public func encode(to encoder: any Encoder) throws {
    let saved: Saved
    switch self {
    case .credentials(let email, let error):
      saved = .credentials(email: email, error: error)
    case .checkingCredentials(let email, _):
      saved = .credentials(email: email, error: Self.interruptedMessage)
    case .secondFactor(let email, let token, let error):
      saved = .secondFactor(email: email, token: token, error: error)
    case .checkingCode(let email, let token, let code):
      saved = .checkingCode(email: email, token: token, code: code)
    }
    try saved.encode(to: encoder)
  }
}
