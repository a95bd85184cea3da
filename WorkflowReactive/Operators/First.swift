// SPDX-License-Identifier: Apache-2.0

import Dispatch

extension SignalProducer {
  /// Starts the work and blocks the calling thread until the first value or the end of the
  /// run, then stops the work: when it returns, the run's clean-up has run.
  ///
  /// Never call it on the thread or queue the producer sends its events on: it would wait
  /// forever.
  ///
  /// - Returns: The first value as a success, the failure if the run failed before sending a
  ///   value, or `nil` if it completed or was interrupted without one.
  public func first() -> Result<Value, Error>? {
    let outcome = Locked<Result<Value, Error>?>(nil)
    let ended = DispatchSemaphore(value: 0)
    let disposables = CompositeDisposable()
    take(first: 1).startProtected(
      Signal.Observer { event in
        switch event {
        case .value(let value): outcome.withLock { $0 = .success(value) }
        case .failed(let error): outcome.withLock { $0 = .failure(error) }
        case .completed, .interrupted: break
        }
        guard event.isTerminating else { return }
        // The run's clean-up runs before the caller wakes: once first() returns, the work has
        // stopped and released what it held.
        disposables.dispose()
        ended.signal()
      },
      Lifetime(disposables))
    ended.wait()
    return outcome.current
  }
}
