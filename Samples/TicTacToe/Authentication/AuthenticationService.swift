// SPDX-License-Identifier: Apache-2.0

/// A pretend account service: a few fixed accounts, some of them with a second factor.
///
/// Accounts (any other email or password fails):
/// - `player@example.com`, password `password`: signs in at once.
/// - `secure@example.com`, password `password`: asks for the code `1234`.
public struct AuthenticationService: Sendable {
  /// What an email and password check answers.
  public enum LoginResponse: Equatable, Sendable {
    /// Signed in; the token identifies the session.
    case authorized(token: String)
    /// The password was right; a second-factor code is needed, tied to this token.
    case secondFactorRequired(token: String)
    /// The check failed, with a message for the user.
    case failed(String)
  }

  /// Creates the service.
  public init() {}

  /// Checks an email and password.
  public func login(email: String, password: String) -> LoginResponse {
    guard email.contains("@") else { return .failed("That is not an email address.") }
    switch (email.lowercased(), password) {
    case ("player@example.com", "password"):
      return .authorized(token: "session-player")
    case ("secure@example.com", "password"):
      return .secondFactorRequired(token: "pending-secure")
    default:
      return .failed("Unknown email or wrong password.")
    }
  }

  /// Checks a second-factor `code` for the `token` from ``login(email:password:)``.
  public func verify(code: String, token: String) -> LoginResponse {
    guard token == "pending-secure" else { return .failed("The sign-in expired; start again.") }
    return code == "1234" ? .authorized(token: "session-secure") : .failed("Wrong code.")
  }
}
