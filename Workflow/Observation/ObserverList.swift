// SPDX-License-Identifier: Apache-2.0

/// The observers of one host, in registration order, and the one way the runtime calls them.
@usableFromInline
final class ObserverList {
  let observers: [any WorkflowObserver]

  init(_ observers: [any WorkflowObserver]) {
    self.observers = observers
  }

  /// Calls `body` for every observer, in registration order. Callers check
  /// ``Runtime/hasObservers`` first, so that nothing is computed for observers when there are
  /// none.
  @usableFromInline
  func notify(_ body: (any WorkflowObserver) -> Void) {
    for observer in observers { body(observer) }
  }

  func stepDidFinish(cause: RenderCause, rendered: Bool) {
    notify { $0.stepDidFinish(cause: cause, rendered: rendered) }
  }
}
