// SPDX-License-Identifier: Apache-2.0

extension SignalProducer {
  /// Starts the work again when it fails, up to `count` times, and forwards the failure only
  /// after that.
  ///
  /// Every attempt's values are forwarded. A run whose last attempt fails sends that failure;
  /// completion or interruption of any attempt ends the run. Disposing the run disposes the
  /// attempt in progress, and each failed attempt's work is released before the next starts.
  ///
  /// - Parameter count: How many times to start again; must not be negative. Zero returns
  ///   this producer.
  public func retry(upTo count: Int) -> SignalProducer<Value, Error> {
    precondition(
      count >= 0,
      """
      SignalProducer<\(Value.self), \(Error.self)>.retry(upTo:) received a negative count \
      \(count); pass zero or more.
      """)
    guard count > 0 else { return self }
    return SignalProducer { observer, lifetime in
      Retrier(self, retries: count, observer: observer, lifetime: lifetime).startAttempts()
    }
  }
}

/// The attempts of one `retry(upTo:)` run.
///
/// An attempt that fails synchronously, before its start returns, asks the loop in
/// ``startAttempts()`` for the next attempt instead of starting it from inside the failing one,
/// so a thousand immediate failures do not nest a thousand starts on the stack.
private final class Retrier<Value, Error: Swift.Error>: @unchecked Sendable {
  private struct State {
    var retriesLeft: Int
    var isStarting = false
    var isRetryRequested = false
  }

  private let producer: SignalProducer<Value, Error>
  private let observer: Signal<Value, Error>.Observer
  private let lifetime: Lifetime
  private let state: Locked<State>

  init(
    _ producer: SignalProducer<Value, Error>,
    retries: Int,
    observer: Signal<Value, Error>.Observer,
    lifetime: Lifetime
  ) {
    self.producer = producer
    self.observer = observer
    self.lifetime = lifetime
    state = Locked(State(retriesLeft: retries))
  }

  /// Starts attempts until one does not fail at once.
  func startAttempts() {
    var isRetryRequested = true
    while isRetryRequested, !lifetime.hasEnded {
      state.withLock { state in
        state.isStarting = true
        state.isRetryRequested = false
      }
      let attempt = CompositeDisposable()
      producer.startRun(in: lifetime, disposables: attempt) { [self] event in
        receive(event, of: attempt)
      }
      isRetryRequested = state.withLock { state in
        state.isStarting = false
        return state.isRetryRequested
      }
    }
  }

  private func receive(_ event: Signal<Value, Error>.Event, of attempt: CompositeDisposable) {
    guard case .failed = event else {
      observer.send(event)
      return
    }
    let next = state.withLock { state -> RetryStep in
      guard state.retriesLeft > 0 else { return .fail }
      state.retriesLeft -= 1
      guard state.isStarting else { return .retryHere }
      state.isRetryRequested = true
      return .retryInLoop
    }
    // The failed attempt's work is released before the next one starts.
    if next != .fail { attempt.dispose() }
    switch next {
    case .retryHere: startAttempts()
    case .retryInLoop: break
    case .fail: observer.send(event)
    }
  }
}

/// What a failed attempt leads to.
private enum RetryStep {
  /// Start the next attempt from the failure's delivery: the attempt failed later, after its
  /// start returned.
  case retryHere
  /// Leave the next attempt to the loop whose start is still running.
  case retryInLoop
  /// No retries left: forward the failure.
  case fail
}
