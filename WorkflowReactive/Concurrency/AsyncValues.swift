// SPDX-License-Identifier: Apache-2.0

/// The values of a signal, producer or property as an asynchronous sequence.
///
/// Get one from ``Signal/values``, ``SignalProducer/values`` or ``PropertyProtocol/values``.
/// Values are buffered until the iterating task asks for them; with the default
/// ``BufferingPolicy/unbounded`` policy none is dropped. Iteration ends (`nil`) when the stream
/// completes or is interrupted, and throws the stream's error when it fails; with
/// `Failure == Never` iteration does not throw.
///
/// ```swift
/// for await value in property.values {
///   print(value)
/// }
/// ```
///
/// Cancelling the iterating task ends the iteration and disposes the observation; so does
/// releasing the iterator. Iterate from one task at a time.
public struct AsyncValues<Element, Failure: Swift.Error>: AsyncSequence {
  /// How many values wait in the buffer before some are dropped.
  public enum BufferingPolicy: Sendable {
    /// Keeps every value.
    case unbounded
    /// Keeps the first `limit` values waiting and drops later ones until there is room.
    case bufferingOldest(Int)
    /// Keeps the last `limit` values waiting, dropping the oldest ones.
    case bufferingNewest(Int)
  }

  private let makeBuffer: () -> AsyncValueBuffer<Element, Failure>

  /// Creates a sequence whose iterators read from the buffers `makeBuffer` returns.
  package init(_ makeBuffer: @escaping () -> AsyncValueBuffer<Element, Failure>) {
    self.makeBuffer = makeBuffer
  }

  /// Makes an iterator over the values.
  public func makeAsyncIterator() -> Iterator {
    Iterator(buffer: makeBuffer())
  }

  /// Reads the values of an ``AsyncValues`` sequence.
  public struct Iterator: AsyncIteratorProtocol {
    private let buffer: AsyncValueBuffer<Element, Failure>

    fileprivate init(buffer: AsyncValueBuffer<Element, Failure>) {
      self.buffer = buffer
    }

    /// The next value, or `nil` once the stream has ended or the task was cancelled.
    ///
    /// - Throws: The stream's error when it failed, once; later calls return `nil`.
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      try await buffer.next(isolation: actor)
    }

    /// The next value, or `nil` once the stream has ended or the task was cancelled.
    ///
    /// - Throws: The stream's error when it failed, once; later calls return `nil`.
    public mutating func next() async throws(Failure) -> Element? {
      try await buffer.next(isolation: nil)
    }
  }
}

extension AsyncValues: @unchecked Sendable {}

@available(*, unavailable)
extension AsyncValues.Iterator: Sendable {}
