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
  /// The work itself still starts and runs where ``start(_:)-(Signal<Value,Error>.Observer)`` is called; use
  /// ``start(on:)`` to move it. Disposing a run interrupts it at once, on the disposing thread;
  /// events still queued on the scheduler are then dropped.
  ///
  /// - Parameter scheduler: Where the events are delivered.
  public func observe(on scheduler: any Scheduler) -> SignalProducer<Value, Error> {
    liftAsynchronous(observeOnTransform(scheduler))
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
