// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Workflow
import WorkflowReactive

/// Signs a user in: email and password, then a second-factor code for accounts that need one.
///
/// Each check runs as an ``AuthenticationWorker`` while the state says it is in flight; when
/// the state moves on (an answer arrived, or the user went back) the worker is torn down.
/// The step is saved in snapshots, except a password (see `AuthenticationWorkflow+Snapshot`).
public struct AuthenticationWorkflow: SnapshottableWorkflow {
  /// The workflow signs a user in and outputs the session.
  public typealias Output = Session

  /// The account service the worker asks.
  public var service: AuthenticationService
  /// How long the pretend network takes to answer.
  public var delay: Duration
  /// The scheduler the delay runs on.
  public var scheduler: any DateScheduler

  /// Creates the workflow.
  ///
  /// - Parameters:
  ///   - service: The account service.
  ///   - delay: How long each check takes.
  ///   - scheduler: The scheduler for the delay (a `TestScheduler` in tests).
  public init(
    service: AuthenticationService = AuthenticationService(), delay: Duration,
    scheduler: any DateScheduler
  ) {
    self.service = service
    self.delay = delay
    self.scheduler = scheduler
  }

  /// The workflow's output: the session of a signed-in user.
  public struct Session: Equatable, Sendable {
    /// The email the user signed in with.
    public var email: String
    /// The session token.
    public var token: String
  }

  // MARK: State

  /// Where the sign-in stands.
  public enum State: Equatable {
    /// Waiting for an email and password; `error` says why the last try failed.
    case credentials(email: String, error: String?)
    /// The email and password are being checked; the password is a secret, which no trace,
    /// history or snapshot shows.
    case checkingCredentials(email: String, password: SecretText)
    /// Waiting for a second-factor code.
    case secondFactor(email: String, token: String, error: String?)
    /// The code is being checked.
    case checkingCode(email: String, token: String, code: String)
  }

  /// Starts with an empty form.
  public func makeInitialState() -> State {
    .credentials(email: "", error: nil)
  }

  // MARK: Actions

  enum Action: WorkflowAction {
    typealias WorkflowType = AuthenticationWorkflow

    case login(email: String, password: SecretText)
    case submitCode(String)
    case cancelSecondFactor
    case response(AuthenticationService.LoginResponse)

    func apply(toState state: inout State, context: ApplyContext<AuthenticationWorkflow>)
      -> Session?
    {
      switch (self, state) {
      case (.login(let email, let password), .credentials):
        state = .checkingCredentials(email: email, password: password)
      case (.submitCode(let code), .secondFactor(let email, let token, _)):
        state = .checkingCode(email: email, token: token, code: code)
      case (.cancelSecondFactor, .secondFactor(let email, _, _)):
        state = .credentials(email: email, error: nil)
      case (.response(let response), .checkingCredentials(let email, _)):
        switch response {
        case .authorized(let token):
          return Session(email: email, token: token)
        case .secondFactorRequired(let token):
          state = .secondFactor(email: email, token: token, error: nil)
        case .failed(let message):
          state = .credentials(email: email, error: message)
        }
      case (.response(let response), .checkingCode(let email, let token, _)):
        switch response {
        case .authorized(let session):
          return Session(email: email, token: session)
        case .secondFactorRequired:
          state = .secondFactor(email: email, token: token, error: "Another code is needed.")
        case .failed(let message):
          state = .secondFactor(email: email, token: token, error: message)
        }
      default:
        // A command from a screen that is no longer shown: nothing to do.
        break
      }
      return nil
    }
  }

  // MARK: Rendering

  /// Renders the form for the current step, and runs the check in flight.
  public func render(state: State, context: RenderContext<AuthenticationWorkflow>)
    -> AuthenticationScreen
  {
    let sink = context.makeSink(of: Action.self)
    switch state {
    case .credentials(let email, let error):
      return AuthenticationScreen(
        step: .credentials(email: email), message: error,
        onLogin: { sink.send(.login(email: $0, password: $1)) })
    case .checkingCredentials(let email, let password):
      runCheck(.login(email: email, password: password), in: context)
      return AuthenticationScreen(step: .checking(email: email), message: "Signing in…")
    case .secondFactor(let email, _, let error):
      return AuthenticationScreen(
        step: .secondFactor(email: email), message: error,
        onCode: { sink.send(.submitCode($0)) },
        onCancel: { sink.send(.cancelSecondFactor) })
    case .checkingCode(let email, let token, let code):
      runCheck(.verify(code: code, token: token), in: context)
      return AuthenticationScreen(step: .checking(email: email), message: "Checking the code…")
    }
  }

  private func runCheck(
    _ request: AuthenticationWorker.Request, in context: RenderContext<AuthenticationWorkflow>
  ) {
    AuthenticationWorker(request: request, service: service, delay: delay, scheduler: scheduler)
      .running(in: context) { Action.response($0) }
  }
}
