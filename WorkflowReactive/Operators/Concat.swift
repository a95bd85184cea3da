// SPDX-License-Identifier: Apache-2.0

extension SignalProducer {
  /// A producer whose runs send this producer's events and then, once it has completed, the
  /// events of a run of `next`.
  ///
  /// As with ``FlattenStrategy/concat``, an interrupted run counts as completed, so `next`
  /// starts after it too; a failure ends the run without starting `next`.
  ///
  /// ```swift
  /// let greeting = SignalProducer<String, Never>(value: "Hello")
  ///   .concat(SignalProducer(value: "world"))
  /// ```
  ///
  /// - Parameter next: The producer to start when this one completes.
  public func concat(_ next: SignalProducer<Value, Error>) -> SignalProducer<Value, Error> {
    SignalProducer<SignalProducer<Value, Error>, Error>([self, next]).flatten(.concat)
  }

  /// A producer whose runs send this producer's events and then those of `next` (a signal, a
  /// property's producer, or any convertible stream).
  ///
  /// - Parameter next: The stream to follow when this producer completes.
  public func concat<Next: SignalProducerConvertible>(_ next: Next) -> SignalProducer<
    Value, Error
  > where Next.Value == Value, Next.Error == Error {
    concat(next.producer)
  }

  /// A producer whose runs send this producer's events and then, once it has completed,
  /// `value`.
  ///
  /// - Parameter value: The value to send after this producer completes.
  public func concat(value: Value) -> SignalProducer<Value, Error> {
    concat(SignalProducer<Value, Error>(value: value))
  }

  /// A producer whose runs send this producer's events and then, once it has completed, fail
  /// with `error`.
  ///
  /// - Parameter error: The failure to send after this producer completes.
  public func concat(error: Error) -> SignalProducer<Value, Error> {
    concat(SignalProducer<Value, Error>(error: error))
  }

  /// A producer whose runs send the events of a run of `previous` and then, once it has
  /// completed, this producer's.
  ///
  /// - Parameter previous: The producer to run first.
  public func prefix(_ previous: SignalProducer<Value, Error>) -> SignalProducer<Value, Error> {
    previous.concat(self)
  }

  /// A producer whose runs send the events of `previous` (a signal, a property's producer, or
  /// any convertible stream) and then, once it has completed, this producer's.
  ///
  /// - Parameter previous: The stream to run first.
  public func prefix<Previous: SignalProducerConvertible>(_ previous: Previous)
    -> SignalProducer<Value, Error>
  where Previous.Value == Value, Previous.Error == Error {
    prefix(previous.producer)
  }

  /// A producer whose runs send `value` and then this producer's events.
  ///
  /// - Parameter value: The first value of each run.
  public func prefix(value: Value) -> SignalProducer<Value, Error> {
    prefix(SignalProducer<Value, Error>(value: value))
  }
}
