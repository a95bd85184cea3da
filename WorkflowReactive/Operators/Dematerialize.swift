// SPDX-License-Identifier: Apache-2.0

/// A type that is, or carries, one ``Signal/Event``: what ``Signal/dematerialize()`` and
/// ``SignalProducer/dematerialize()`` accept as values.
public protocol EventProtocol<Value, Error> {
  /// The type of the event's value.
  associatedtype Value
  /// The type of the event's error.
  associatedtype Error: Swift.Error

  /// The event itself.
  var event: Signal<Value, Error>.Event { get }
}

extension Signal.Event: EventProtocol {
  /// The event itself.
  public var event: Signal<Value, Error>.Event { self }
}

extension Signal where Value: EventProtocol, Error == Never {
  /// Sends the events that this signal carries as values: the inverse of
  /// ``materialize()``.
  ///
  /// A carried terminal event ends the result. When this signal itself completes or is
  /// interrupted, so is the result.
  public func dematerialize() -> Signal<Value.Value, Value.Error> {
    lift(dematerializeTransform())
  }
}

extension SignalProducer where Value: EventProtocol, Error == Never {
  /// Sends the events that each run carries as values: the inverse of ``materialize()``.
  ///
  /// A carried terminal event ends the run and stops the work. When the run itself completes
  /// or is interrupted, so is the result.
  public func dematerialize() -> SignalProducer<Value.Value, Value.Error> {
    lift(dematerializeTransform())
  }
}

private func dematerializeTransform<Carried: EventProtocol>()
  -> ObserverTransform<Carried, Never, Carried.Value, Carried.Error>
{
  { downstream, _ in
    var isTerminated = false
    return Signal.Observer { event in
      // After a carried terminal event, events still in flight from the upstream are dropped:
      // it stops when that termination ends the shared lifetime.
      guard !isTerminated else { return }
      switch event {
      case .value(let carried):
        isTerminated = carried.event.isTerminating
        downstream.send(carried.event)
      case .completed:
        isTerminated = true
        downstream.sendCompleted()
      case .interrupted:
        isTerminated = true
        downstream.sendInterrupted()
      }
    }
  }
}
