// SPDX-License-Identifier: Apache-2.0

import SampleSupport
import TerminalUI
import Workflow

/// The tic-tac-toe app: sign in, then play; signing out returns to the sign-in form.
///
/// Teaches a state machine at the root that swaps one child workflow for another, a worker
/// with a delay, and a modal over a running child. Every step saves its state in snapshots:
/// who is signed in here, the sign-in step in ``AuthenticationWorkflow``, the names and the
/// screen in ``RunGameWorkflow``, and the board, turn and score in ``TakeTurnsWorkflow``.
public struct TicTacToeWorkflow: SnapshottableWorkflow {
  /// The clock and folders the app uses.
  public var environment: SampleEnvironment

  /// Creates the app.
  ///
  /// - Parameter environment: Its scheduler drives the sign-in delay (one second live, none
  ///   when scripted).
  public init(environment: SampleEnvironment) {
    self.environment = environment
  }

  // MARK: State

  /// Whether a user is signed in.
  public enum State: Codable, Equatable {
    /// Nobody is signed in.
    case signedOut
    /// A user is signed in.
    case signedIn(email: String)
  }

  /// Starts signed out.
  public func makeInitialState() -> State {
    .signedOut
  }

  // MARK: Actions

  enum Action: WorkflowAction {
    typealias WorkflowType = TicTacToeWorkflow

    case signedIn(AuthenticationWorkflow.Session)
    case signedOut

    func apply(toState state: inout State, context: ApplyContext<TicTacToeWorkflow>) -> Never? {
      switch self {
      case .signedIn(let session): state = .signedIn(email: session.email)
      case .signedOut: state = .signedOut
      }
      return nil
    }
  }

  // MARK: Rendering

  /// Renders the sign-in flow or the games.
  public func render(state: State, context: RenderContext<TicTacToeWorkflow>) -> any TextScreen {
    switch state {
    case .signedOut:
      return AuthenticationWorkflow(
        delay: environment.delay(.seconds(1)), scheduler: environment.scheduler
      )
      .rendered(in: context) { Action.signedIn($0) }
    case .signedIn(let email):
      return RunGameWorkflow(email: email).rendered(in: context) { _ in Action.signedOut }
    }
  }
}
