// SPDX-License-Identifier: Apache-2.0

import SampleSupport
import TerminalUI

/// The sign-in screen: the email and password form, the code form, or a check in progress.
public struct AuthenticationScreen: ComposedScreen {
  /// Which form is shown.
  public enum Step: Equatable {
    /// Email and password, with the last email typed.
    case credentials(email: String)
    /// A second-factor code for the account with this email.
    case secondFactor(email: String)
    /// A check is in flight.
    case checking(email: String)
  }

  /// The form shown.
  public var step: Step
  /// An error or progress message.
  public var message: String?
  /// Called with the email and password.
  public var onLogin: (String, SecretText) -> Void = { _, _ in }
  /// Called with a second-factor code.
  public var onCode: (String) -> Void = { _ in }
  /// Called to go back from the code form.
  public var onCancel: () -> Void = {}

  /// The sign-in screen's look and commands.
  public var screen: Screen {
    var body: [String] = []
    var commands: [Command] = []
    var question: Question?
    switch step {
    case .credentials(let email):
      body = [
        "Sign in to play. Try player@example.com or secure@example.com,",
        "both with the password 'password' (the second asks for the code 1234).",
      ]
      if !email.isEmpty { body.append("Last email: \(email)") }
      commands.append(
        Command(
          "login", arguments: [Argument("email"), .secret("password")],
          help: "Sign in with an email and password."
        ) { values in
          onLogin(values[0], values.secret(at: 1))
          return .done
        })
    case .secondFactor(let email):
      body = ["\(email) uses two-factor sign-in. Enter the code (hint: 1234)."]
      commands.append(
        Command("code", arguments: [Argument("code")], help: "Send the two-factor code.") {
          values in
          onCode(values[0])
          return .done
        })
      commands.append(.simple("back", help: "Sign in with another account.", onCancel))
      question = .argumentsOf("code")
    case .checking(let email):
      body = ["Checking \(email)…"]
    }
    if let message { body.append(message) }
    return Screen(title: "Sign in", body: body, commands: commands, question: question)
  }
}
