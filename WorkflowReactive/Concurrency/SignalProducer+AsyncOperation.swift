// SPDX-License-Identifier: Apache-2.0

extension SignalProducer {
  /// Creates a producer that runs `operation` in a task and sends its result, then completes.
  ///
  /// Each run starts a new task. When `operation` throws, the run fails with the error.
  /// Disposing the run cancels the task; its result is then dropped.
  ///
  /// ```swift
  /// let user = SignalProducer<User, any Error> { try await api.fetchUser() }
  /// ```
  public init(_ operation: @escaping () async throws(Error) -> Value) {
    // The operation runs only inside the task of each run.
    let work = UncheckedSendable(operation)
    self.init { observer, lifetime in
      let task = Task {
        do throws(Error) {
          let value = try await work.value()
          observer.send(value: value)
          observer.sendCompleted()
        } catch {
          observer.send(error: error)
        }
      }
      lifetime.observeEnded { task.cancel() }
    }
  }
}
