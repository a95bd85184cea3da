// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// A worker whose work is an `AsyncSequence`; each element is an output.
///
/// ```swift
/// struct CountdownWorker: AsyncSequenceWorker {
///   var from: Int
///   func makeValues() -> AsyncStream<Int> {
///     AsyncStream { continuation in
///       for value in (0...from).reversed() { continuation.yield(value) }
///       continuation.finish()
///     }
///   }
/// }
/// ```
///
/// The sequence is iterated in a task that is cancelled when the worker is stopped.
public protocol AsyncSequenceWorker<Output>: Worker, Sendable {
  /// The sequence the worker iterates.
  associatedtype Values: AsyncSequence<Output, Never>

  /// The elements of the sequence.
  associatedtype Output = Values.Element

  /// Makes a new sequence for one run.
  func makeValues() -> Values
}

extension AsyncSequenceWorker {
  /// Iterates a new sequence in a task for each start; disposing the run cancels the task.
  public func run() -> SignalProducer<Output, Never> {
    SignalProducer(makeValues())
  }
}
