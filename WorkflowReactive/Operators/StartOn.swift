// SPDX-License-Identifier: Apache-2.0

extension SignalProducer {
  /// Starts each run's work on `scheduler` instead of on the thread that calls ``start(_:)-(Signal<Value,Error>.Observer)``.
  ///
  /// Only the start moves: where later events are sent depends on the work. Disposing a run
  /// before the scheduler got to it cancels the start and interrupts the run.
  ///
  /// - Parameter scheduler: Where the work starts.
  public func start(on scheduler: any Scheduler) -> SignalProducer<Value, Error> {
    SignalProducer { observer, lifetime in
      lifetime += scheduler.schedule {
        // A scheduler that cannot cancel may still run this after the run was disposed.
        if lifetime.hasEnded { return }
        self.startProtected(observer, lifetime)
      }
    }
  }
}
