// SPDX-License-Identifier: Apache-2.0

extension SignalProducer {
  /// Creates a producer that iterates `sequence` in a task, sending each element, then completes.
  ///
  /// Each run iterates in a new task. When the sequence throws, the run fails with the error.
  /// Disposing the run cancels the task.
  public init<Sequence: AsyncSequence>(_ sequence: Sequence)
  where Sequence.Element == Value, Sequence.Failure == Error {
    // Each run makes its own iterator and uses it only inside its task.
    let source = UncheckedSendable(sequence)
    self.init { observer, lifetime in
      // The generic iteration is wrapped before the task is made, so that the task's closure
      // captures no metatype of the sequence.
      let iterate = UncheckedSendable { () async -> Void in
        var iterator = source.value.makeAsyncIterator()
        do throws(Error) {
          while let element = try await iterator.next(isolation: nil) {
            observer.send(value: element)
          }
          observer.sendCompleted()
        } catch {
          observer.send(error: error)
        }
      }
      let task = Task { await iterate.value() }
      lifetime.observeEnded { task.cancel() }
    }
  }
}
