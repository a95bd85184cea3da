// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// The values this signal sends from now on, as an asynchronous sequence.
  ///
  /// The observation starts when this property is read, so no value sent after that is missed,
  /// even before the iteration begins. Every value is buffered until it is read. The sequence
  /// ends when the signal completes or is interrupted, and throws when it fails.
  ///
  /// The sequence is single-pass: its iterators share one observation. The observation is
  /// disposed when the iterating task is cancelled or the sequence and its iterators are gone.
  public var values: AsyncValues<Value, Error> {
    values(bufferingPolicy: .unbounded)
  }

  /// The values this signal sends from now on, buffered according to `bufferingPolicy`.
  ///
  /// See ``values`` for when the sequence starts and ends.
  public func values(
    bufferingPolicy: AsyncValues<Value, Error>.BufferingPolicy
  ) -> AsyncValues<Value, Error> {
    let buffer = AsyncValueBuffer<Value, Error>(policy: bufferingPolicy)
    buffer.attach(observe(buffer.makeObserver()))
    return AsyncValues { buffer }
  }
}
