// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Sends every event, terminal ones included, as a value, then completes.
  ///
  /// After the value carrying a `completed` or `failed` event the result completes; after the
  /// one carrying `interrupted` it is interrupted. ``dematerialize()`` undoes it.
  public func materialize() -> Signal<Event, Never> {
    lift(materializeTransform())
  }
}

extension SignalProducer {
  /// Sends every event of a run, terminal ones included, as a value, then completes.
  ///
  /// After the value carrying a `completed` or `failed` event the run completes; after the one
  /// carrying `interrupted` it is interrupted. ``dematerialize()`` undoes it.
  public func materialize() -> SignalProducer<Signal<Value, Error>.Event, Never> {
    lift(materializeTransform())
  }
}

private func materializeTransform<Value, Error>()
  -> ObserverTransform<Value, Error, Signal<Value, Error>.Event, Never>
{
  { downstream, _ in
    Signal.Observer { event in
      downstream.send(value: event)
      switch event {
      case .value: break
      case .completed, .failed: downstream.sendCompleted()
      case .interrupted: downstream.sendInterrupted()
      }
    }
  }
}
