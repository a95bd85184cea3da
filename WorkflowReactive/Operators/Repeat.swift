// SPDX-License-Identifier: Apache-2.0

extension SignalProducer {
  /// Runs the work `count` times in a row, starting it again each time it completes.
  ///
  /// Values of every run are forwarded; the result completes after the last run completes. A
  /// failure or interruption of any run ends the result at once. With a `count` of zero the
  /// result completes without starting the work.
  ///
  /// - Parameter count: How many times to run the work; must not be negative.
  public func `repeat`(_ count: Int) -> SignalProducer<Value, Error> {
    precondition(
      count >= 0,
      """
      SignalProducer<\(Value.self), \(Error.self)>.repeat(_:) received a negative count \
      \(count); pass zero or more.
      """)
    guard count > 0 else { return .empty }
    guard count > 1 else { return self }
    return SignalProducer { observer, lifetime in
      Repeater(self, count: count, observer: observer, lifetime: lifetime).run()
    }
  }
}

/// The runs of one `repeat(_:)`.
///
/// A run that completes synchronously, before its start returns, leaves the next start to the
/// loop in ``run()``, so a thousand synchronous runs do not nest a thousand starts.
private final class Repeater<Value, Error: Swift.Error>: @unchecked Sendable {
  private struct State {
    var runsLeft: Int
    var isStarting = false
    var isNextRequested = false
  }

  private let producer: SignalProducer<Value, Error>
  private let observer: Signal<Value, Error>.Observer
  private let lifetime: Lifetime
  private let state: Locked<State>

  init(
    _ producer: SignalProducer<Value, Error>, count: Int,
    observer: Signal<Value, Error>.Observer, lifetime: Lifetime
  ) {
    self.producer = producer
    self.observer = observer
    self.lifetime = lifetime
    state = Locked(State(runsLeft: count))
  }

  func run() {
    var isNextRequested = true
    while isNextRequested, !lifetime.hasEnded {
      state.withLock { state in
        state.runsLeft -= 1
        state.isStarting = true
        state.isNextRequested = false
      }
      producer.startRun(in: lifetime) { [self] event in receive(event) }
      isNextRequested = state.withLock { state in
        state.isStarting = false
        return state.isNextRequested
      }
    }
  }

  private func receive(_ event: Signal<Value, Error>.Event) {
    guard case .completed = event else {
      observer.send(event)
      return
    }
    let next = state.withLock { state -> RepeatStep in
      guard state.runsLeft > 0 else { return .finish }
      guard !state.isStarting else {
        state.isNextRequested = true
        return .leaveToLoop
      }
      return .startNow
    }
    switch next {
    case .finish: observer.sendCompleted()
    case .startNow: run()
    case .leaveToLoop: break
    }
  }
}

/// What a completed run of `repeat(_:)` leads to.
private enum RepeatStep {
  case finish
  case startNow
  case leaveToLoop
}
