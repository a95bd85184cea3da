// SPDX-License-Identifier: Apache-2.0

import Workflow
import WorkflowReactive

/// Runs one worker outside a workflow and checks what it produces.
///
/// The worker starts when the tester is made. Its outputs are collected as they come, from any
/// thread; the `assertNextOutput` and `nextOutput` methods read them one at a time, in order.
/// Drive a worker built on a scheduler with ``advance(by:)`` (or the scheduler itself); wait for
/// one built on a task with ``nextOutput(within:fileID:filePath:line:column:)``.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let tester = WorkerTester(
///   worker: TickWorker(scheduler: scheduler), scheduler: scheduler)
/// tester.advance(by: .seconds(1))
/// tester.assertNextOutput(1)
/// tester.cancel()
/// tester.assertStopped()
/// ```
public final class WorkerTester<WorkerType: Worker> {
  struct Record {
    var outputs: [WorkerType.Output] = []
    var readCount = 0
    var isCompleted = false
    var isStopped = false
    var outputsAfterCancel = 0
    var isCancelled = false
  }

  let record = Locked(Record())
  private let disposable: any Disposable

  /// The scheduler that ``advance(by:)`` drives, if the worker runs on one.
  public let scheduler: TestScheduler?

  /// Starts `worker`.
  ///
  /// - Parameters:
  ///   - worker: The worker under test.
  ///   - scheduler: The virtual-time scheduler the worker was built with, if any.
  public init(worker: WorkerType, scheduler: TestScheduler? = nil) {
    self.scheduler = scheduler
    let record = self.record
    disposable = worker.run()
      .on(disposed: { record.withLock { $0.isStopped = true } })
      .start { event in
        switch event {
        case .value(let value):
          let box = UncheckedSendable(value)
          record.withLock { record in
            record.outputs.append(box.value)
            if record.isCancelled { record.outputsAfterCancel += 1 }
          }
        case .completed:
          record.withLock { $0.isCompleted = true }
        case .interrupted, .failed:
          break
        }
      }
  }

  deinit {
    disposable.dispose()
  }

  /// Every output so far, read or not.
  public var outputs: [WorkerType.Output] {
    record.withLock { $0.outputs }
  }

  /// Whether the worker's work completed on its own.
  public var isFinished: Bool {
    record.withLock { $0.isCompleted }
  }

  /// Moves the virtual clock of ``scheduler`` by `interval`, running the work due.
  public func advance(by interval: Duration) {
    guard let scheduler else {
      preconditionFailure(
        "WorkerTester<\(WorkerType.self)>.advance(by:) needs a scheduler; pass the worker's "
          + "TestScheduler to init(worker:scheduler:)")
    }
    scheduler.advance(by: interval)
  }

  /// Stops the worker, as a render that no longer asks for it would.
  public func cancel() {
    record.withLock { $0.isCancelled = true }
    disposable.dispose()
  }

  /// Takes the next output not read yet, if one has arrived.
  func takeNext() -> WorkerType.Output? {
    record.withLock { record in
      guard record.readCount < record.outputs.count else { return nil }
      record.readCount += 1
      return record.outputs[record.readCount - 1]
    }
  }
}
