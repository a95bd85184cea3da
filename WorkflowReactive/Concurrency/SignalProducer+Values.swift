// SPDX-License-Identifier: Apache-2.0

extension SignalProducer {
  /// The values of a run of this producer, as an asynchronous sequence.
  ///
  /// Each iterator starts its own run. Every value is buffered until it is read. The sequence
  /// ends when the run completes or is interrupted, and throws when it fails. Cancelling the
  /// iterating task, or releasing the iterator, disposes the run.
  public var values: AsyncValues<Value, Error> {
    values(bufferingPolicy: .unbounded)
  }

  /// The values of a run of this producer, buffered according to `bufferingPolicy`.
  ///
  /// See ``values`` for when the run starts and ends.
  public func values(
    bufferingPolicy: AsyncValues<Value, Error>.BufferingPolicy
  ) -> AsyncValues<Value, Error> {
    AsyncValues { [self] in
      let buffer = AsyncValueBuffer<Value, Error>(policy: bufferingPolicy)
      buffer.attach(start(buffer.makeObserver()))
      return buffer
    }
  }
}
