// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Runs side effects as events pass through, before each event is forwarded.
  ///
  /// For each event, `event` runs first, then the closure for its kind, then `terminated` for a
  /// terminal event. `disposed` runs once the signal has terminated and released its upstream.
  ///
  /// - Parameters:
  ///   - event: Runs for every event.
  ///   - failed: Runs when the signal fails.
  ///   - completed: Runs when the signal completes.
  ///   - interrupted: Runs when the signal is interrupted.
  ///   - terminated: Runs for any terminal event.
  ///   - disposed: Runs when the signal has ended.
  ///   - value: Runs for every value.
  public func on(
    event: ((Event) -> Void)? = nil,
    failed: ((Error) -> Void)? = nil,
    completed: (() -> Void)? = nil,
    interrupted: (() -> Void)? = nil,
    terminated: (() -> Void)? = nil,
    disposed: (() -> Void)? = nil,
    value: ((Value) -> Void)? = nil
  ) -> Signal<Value, Error> {
    let hooks = EventHooks(
      event: event, failed: failed, completed: completed, interrupted: interrupted,
      terminated: terminated, value: value)
    return lift { downstream, lifetime in
      // A signal's lifetime ends once its terminal event has been delivered.
      if let disposed { lifetime.observeEnded(disposed) }
      return hooks.transform(downstream, lifetime)
    }
  }
}

extension SignalProducer {
  /// Runs side effects around each run and as events pass through, before each event is
  /// forwarded.
  ///
  /// `starting` runs before the work starts and `started` after the start handler returned.
  /// For each event, `event` runs first, then the closure for its kind, then `terminated` for a
  /// terminal event. `disposed` runs when the run has ended, by termination or disposal.
  ///
  /// - Parameters:
  ///   - starting: Runs before each run starts.
  ///   - started: Runs after each run has started.
  ///   - event: Runs for every event.
  ///   - failed: Runs when the run fails.
  ///   - completed: Runs when the run completes.
  ///   - interrupted: Runs when the run is interrupted.
  ///   - terminated: Runs for any terminal event.
  ///   - disposed: Runs when the run has ended.
  ///   - value: Runs for every value.
  public func on(
    starting: (() -> Void)? = nil,
    started: (() -> Void)? = nil,
    event: ((Signal<Value, Error>.Event) -> Void)? = nil,
    failed: ((Error) -> Void)? = nil,
    completed: (() -> Void)? = nil,
    interrupted: (() -> Void)? = nil,
    terminated: (() -> Void)? = nil,
    disposed: (() -> Void)? = nil,
    value: ((Value) -> Void)? = nil
  ) -> SignalProducer<Value, Error> {
    let hooks = EventHooks(
      event: event, failed: failed, completed: completed, interrupted: interrupted,
      terminated: terminated, value: value)
    let observed = lift(hooks.transform)
    return .serialized({ observer, lifetime in
      starting?()
      observed.startProtected(observer, lifetime)
      // Registered after the work's own clean-up, so that on disposal `disposed` runs after
      // the interruption it causes has passed through.
      if let disposed { lifetime.observeEnded(disposed) }
      started?()
    })
  }
}

/// The per-event side effects of the `on` operator.
private struct EventHooks<Value, Error: Swift.Error> {
  let event: ((Signal<Value, Error>.Event) -> Void)?
  let failed: ((Error) -> Void)?
  let completed: (() -> Void)?
  let interrupted: (() -> Void)?
  let terminated: (() -> Void)?
  let value: ((Value) -> Void)?

  var transform: ObserverTransform<Value, Error, Value, Error> {
    { downstream, _ in
      Signal.Observer { received in
        self.event?(received)
        switch received {
        case .value(let value): self.value?(value)
        case .failed(let error): self.failed?(error)
        case .completed: self.completed?()
        case .interrupted: self.interrupted?()
        }
        if received.isTerminating { self.terminated?() }
        downstream.send(received)
      }
    }
  }
}
