// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// Asynchronous work that a workflow runs as a child, reporting its results as outputs.
///
/// A worker describes its work as a ``/WorkflowReactive/SignalProducer``:
///
/// ```swift
/// struct SecondsWorker: Worker {
///   func run() -> SignalProducer<Int, Never> {
///     SignalProducer.timer(interval: .seconds(1), on: QueueScheduler.main)
///       .scan(0) { count, _ in count + 1 }
///   }
/// }
/// ```
///
/// It is rendered like a child workflow, usually with an output map:
///
/// ```swift
/// SecondsWorker()
///   .running(in: context, key: "seconds") { Action.tick($0) }
/// ```
///
/// The first render starts ``run()``. While later renders keep asking for a worker of the same
/// type and key, the run continues; when the new worker is not ``isEquivalent(to:)`` the old
/// one, the old run is stopped and a new one starts. A render that does not ask for the worker
/// stops its run.
///
/// For work written with `async`, adopt ``AsyncWorker``; for an `AsyncSequence`, adopt
/// ``AsyncSequenceWorker``.
public protocol Worker<Output>: AnyWorkflowConvertible where Rendering == Void {
  /// The value the work produces.
  associatedtype Output

  /// Returns the work; each value it sends is an output.
  ///
  /// The runtime starts the producer after the render that first asks for the worker and
  /// disposes the run when the worker is stopped.
  func run() -> SignalProducer<Output, Never>

  /// Whether `otherWorker` does the same work, so a running worker can keep running.
  ///
  /// The default for `Equatable` workers is `==`. For other workers the default is `true`: a
  /// worker of the same type under the same key is the same work. Implement this method, or give
  /// the worker a new key, to restart it when its inputs change.
  func isEquivalent(to otherWorker: Self) -> Bool
}

extension Worker {
  /// Returns `true`: without `Equatable`, a worker of the same type and key is the same work.
  public func isEquivalent(to otherWorker: Self) -> Bool {
    true
  }

  /// Wraps this worker in the child workflow that runs it.
  public func asAnyWorkflow() -> AnyWorkflow<Void, Output> {
    AnyWorkflow(WorkerWorkflow(worker: self))
  }
}

extension Worker where Self: Equatable {
  /// Returns whether the two workers are equal.
  public func isEquivalent(to otherWorker: Self) -> Bool {
    self == otherWorker
  }
}
