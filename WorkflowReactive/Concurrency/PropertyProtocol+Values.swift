// SPDX-License-Identifier: Apache-2.0

extension PropertyProtocol {
  /// The current value, then every change, as an asynchronous sequence.
  ///
  /// Each iterator starts from the value current when it is made. Every change is buffered until
  /// it is read. The sequence ends when the property goes away. Cancelling the iterating task,
  /// or releasing the iterator, stops the observation.
  public var values: AsyncValues<Value, Never> {
    producer.values
  }

  /// The current value, then every change, buffered according to `bufferingPolicy`.
  ///
  /// See ``values`` for when the sequence starts and ends.
  public func values(
    bufferingPolicy: AsyncValues<Value, Never>.BufferingPolicy
  ) -> AsyncValues<Value, Never> {
    producer.values(bufferingPolicy: bufferingPolicy)
  }
}
