// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Workflow

/// A sign-in form whose password is a secret argument, kept in the state while "checked", for
/// the tests that look for the password where it must not be.
struct SignInWorkflow: SnapshottableWorkflow {
  struct State: Codable, Equatable {
    var email = ""
    var password: SecretText?
  }

  enum Action: WorkflowAction {
    typealias WorkflowType = SignInWorkflow

    case login(email: String, password: SecretText)

    func apply(toState state: inout State, context: ApplyContext<SignInWorkflow>) -> Never? {
      switch self {
      case .login(let email, let password):
        state.email = email
        state.password = password
      }
      return nil
    }
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<Self>) -> Screen {
    let sink = context.makeSink(of: Action.self)
    return Screen(
      title: "Sign in",
      body: [state.email.isEmpty ? "Nobody" : "Checking \(state.email)"],
      commands: [
        Command("login", arguments: [Argument("email"), .secret("password")], help: "Sign in.") {
          values in
          sink.send(.login(email: values[0], password: values.secret(at: 1)))
          return .done
        }
      ])
  }
}
