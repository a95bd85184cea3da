// SPDX-License-Identifier: Apache-2.0

import Dispatch

extension SignalProducer {
  /// Starts the work and blocks the calling thread until the run ends.
  ///
  /// Never call it on the thread or queue the producer sends its events on: it would wait
  /// forever.
  ///
  /// - Returns: The last value as a success, the failure if the run failed, or `nil` if it
  ///   completed or was interrupted without a value.
  public func last() -> Result<Value, Error>? {
    waitForEnd { outcome, event in
      switch event {
      case .value(let value): outcome = .success(value)
      case .failed(let error): outcome = .failure(error)
      case .completed, .interrupted: break
      }
    }
  }

  /// Starts the work and blocks the calling thread until the run ends; `record` folds each
  /// event into the outcome, which is returned once the run's clean-up has run.
  func waitForEnd<Outcome>(
    _ record: @escaping (_ outcome: inout Outcome?, _ event: Signal<Value, Error>.Event) -> Void
  ) -> Outcome? {
    let outcome = Locked<Outcome?>(nil)
    let ended = DispatchSemaphore(value: 0)
    let disposables = CompositeDisposable()
    startProtected(
      Signal.Observer { event in
        outcome.withLock { record(&$0, event) }
        guard event.isTerminating else { return }
        // The run's clean-up runs before the caller wakes: once this returns, the work has
        // stopped and released what it held.
        disposables.dispose()
        ended.signal()
      },
      Lifetime(disposables))
    ended.wait()
    return outcome.current
  }
}
