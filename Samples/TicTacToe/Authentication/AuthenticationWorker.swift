// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Workflow
import WorkflowReactive

/// Asks the ``AuthenticationService`` a question and answers after a network-like delay.
///
/// The delay runs on the injected scheduler, so tests use virtual time and a scripted session
/// uses no delay at all.
struct AuthenticationWorker: Worker {
  typealias Output = AuthenticationService.LoginResponse

  /// The question for the service.
  enum Request: Equatable {
    case login(email: String, password: SecretText)
    case verify(code: String, token: String)
  }

  let request: Request
  let service: AuthenticationService
  let delay: Duration
  let scheduler: any DateScheduler

  func run() -> SignalProducer<AuthenticationService.LoginResponse, Never> {
    let request = request
    let service = service
    let scheduler = scheduler
    let delay = delay
    return SignalProducer { observer, lifetime in
      lifetime += scheduler.schedule(after: scheduler.now + delay) {
        switch request {
        case .login(let email, let password):
          observer.send(value: service.login(email: email, password: password.revealed))
        case .verify(let code, let token):
          observer.send(value: service.verify(code: code, token: token))
        }
        observer.sendCompleted()
      }
    }
  }

  func isEquivalent(to otherWorker: AuthenticationWorker) -> Bool {
    request == otherWorker.request
  }
}
