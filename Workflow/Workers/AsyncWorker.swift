// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// A worker whose work is one `async` call; its result is the worker's only output.
///
/// ```swift
/// struct LoadProfile: AsyncWorker, Equatable {
///   let id: Int
///   func run() async -> Profile { await api.profile(id) }
/// }
/// ```
///
/// The call runs in a task that is cancelled when the worker is stopped; a result that arrives
/// after cancellation is dropped.
public protocol AsyncWorker<Output>: Worker, Sendable {
  /// The result of the work.
  associatedtype Output

  /// Does the work and returns its result.
  func run() async -> Output
}

extension AsyncWorker {
  /// Runs the `async` work in a task for each start; disposing the run cancels the task.
  public func run() -> SignalProducer<Output, Never> {
    SignalProducer { () async -> Output in await self.run() }
  }
}
