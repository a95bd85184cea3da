// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Forwards every event through `scheduler`, so observers run where the scheduler runs work.
  ///
  /// Events keep their order as far as the scheduler keeps the order of its actions (every
  /// scheduler in this library does).
  ///
  /// - Parameter scheduler: Where the events are delivered.
  public func observe(on scheduler: any Scheduler) -> Signal<Value, Error> {
    liftAsynchronous(observeOnTransform(scheduler))
  }
}

extension SignalProducer {
  /// Forwards every event of each run through `scheduler`, so observers run where the
  /// scheduler runs work.
  ///
  /// The work itself still starts and runs where ``start(_:)-(Signal<Value,Error>.Observer)``
  /// is called; use ``start(on:)`` to move it. Disposing a run stops the work at once and drops
  /// the events still queued on the scheduler; `interrupted` is then delivered through the
  /// scheduler too, as ReactiveSwift does.
  ///
  /// - Parameter scheduler: Where the events are delivered.
  public func observe(on scheduler: any Scheduler) -> SignalProducer<Value, Error> {
    SignalProducer.serialized { downstream, lifetime in
      let delivery = ScheduledDelivery(downstream)
      lifetime.observeEnded {
        if delivery.interrupt() { scheduler.schedule { downstream.sendInterrupted() } }
      }
      self.startProtected(
        Signal.Observer { event in scheduler.schedule { delivery.deliver(event) } }, lifetime)
    }
  }
}

private func observeOnTransform<Value, Error>(
  _ scheduler: any Scheduler
) -> ObserverTransform<Value, Error, Value, Error> {
  { downstream, _ in
    // Pending actions are not tracked: they fall due soon, and the protected downstream drops
    // what arrives after the end, so tracking would only cost a lock per event.
    Signal.Observer { event in
      scheduler.schedule { downstream.send(event) }
    }
  }
}

/// The downstream end of a producer's `observe(on:)`: drops what the scheduler delivers once
/// the run was interrupted or has terminated.
private final class ScheduledDelivery<Value, Error: Swift.Error>: @unchecked Sendable {
  private let downstream: Signal<Value, Error>.Observer
  private let isEnded = Locked(false)

  init(_ downstream: Signal<Value, Error>.Observer) {
    self.downstream = downstream
  }

  /// Delivers `event` unless the run has ended; runs on the scheduler, serially.
  func deliver(_ event: Signal<Value, Error>.Event) {
    let isLive = isEnded.withLock { isEnded in
      guard !isEnded else { return false }
      if event.isTerminating { isEnded = true }
      return true
    }
    if isLive { downstream.send(event) }
  }

  /// Marks the run interrupted; returns whether the interruption is still to be delivered.
  func interrupt() -> Bool {
    isEnded.withLock { isEnded in
      defer { isEnded = true }
      return !isEnded
    }
  }
}
