// SPDX-License-Identifier: Apache-2.0

/// Decides the final list of observers of every ``WorkflowHost``.
///
/// Set one as ``WorkflowObservation/sharedObserversInterceptor`` to give every host made from
/// then on a known set of observers in a known order, such as a logger that should see every
/// tree of the app.
public protocol ObserversInterceptor {
  /// The observers a host uses, given those passed to its initializer.
  ///
  /// - Parameter initialObservers: The `observers:` passed to the ``WorkflowHost``.
  /// - Returns: The observers the host uses, in the order they hear each event.
  func workflowObservers(for initialObservers: [any WorkflowObserver]) -> [any WorkflowObserver]
}

/// Observation that applies to every ``WorkflowHost`` of the program.
public enum WorkflowObservation {
  /// The interceptor every host made from now on passes its observers through; `nil` when
  /// none is set.
  @MainActor static var interceptor: (any ObserversInterceptor)?

  /// The interceptor every host passes its `observers:` through when it is made.
  ///
  /// By default it returns the observers it is given. Setting `nil` restores that default.
  /// Hosts read it once, when they are made: one made before a change keeps its observers.
  @MainActor public static var sharedObserversInterceptor: (any ObserversInterceptor)! {
    get { interceptor ?? PassingObservers() }
    set { interceptor = newValue }
  }

  /// The observers a host made now uses, given those passed to it.
  @MainActor @usableFromInline
  static func observers(for initial: [any WorkflowObserver]) -> [any WorkflowObserver] {
    guard let interceptor else { return initial }
    return interceptor.workflowObservers(for: initial)
  }
}

/// The default interceptor: the observers as given.
private struct PassingObservers: ObserversInterceptor {
  func workflowObservers(for initialObservers: [any WorkflowObserver]) -> [any WorkflowObserver] {
    initialObservers
  }
}
