// SPDX-License-Identifier: Apache-2.0

extension SignalProducer {
  /// A producer that applies a ``Signal`` operator to the signal of each of its runs.
  ///
  /// Write an operator once for signals and use it on producers too:
  ///
  /// ```swift
  /// extension Signal where Value == Int {
  ///   func doubled() -> Signal<Int, Error> { map { $0 * 2 } }
  /// }
  /// let doubled = SignalProducer<Int, Never>([1, 2]).lift { $0.doubled() }
  /// ```
  ///
  /// - Parameter transform: The signal operator, called once per run with the run's signal.
  /// - Returns: A producer whose runs send what `transform` makes of this producer's runs.
  public func lift<U, F>(
    _ transform: @escaping (ProducedSignal) -> Signal<U, F>
  ) -> SignalProducer<U, F> {
    SignalProducer<U, F> { observer, lifetime in
      self.startWithSignal { signal, interruptHandle in
        lifetime += interruptHandle
        lifetime += transform(signal).observe(observer)
      }
    }
  }

  /// A binary operator on producers made from a binary ``Signal`` operator.
  ///
  /// Each run of the resulting producer starts this producer, then the argument producer, and
  /// applies `transform` to the two signals.
  ///
  /// - Parameter transform: The signal operator: this producer's signal on the left, the
  ///   argument's on the right.
  /// - Returns: A function from the right-hand producer to the combined producer.
  public func lift<U, F, V, G>(
    _ transform: @escaping (ProducedSignal) -> (Signal<U, F>) -> Signal<V, G>
  ) -> (SignalProducer<U, F>) -> SignalProducer<V, G> {
    { right in
      SignalProducer<V, G> { observer, lifetime in
        self.startWithSignal { left, leftInterruptHandle in
          lifetime += leftInterruptHandle
          right.startWithSignal { right, rightInterruptHandle in
            lifetime += rightInterruptHandle
            lifetime += transform(left)(right).observe(observer)
          }
        }
      }
    }
  }
}
