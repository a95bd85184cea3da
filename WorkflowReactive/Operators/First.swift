// SPDX-License-Identifier: Apache-2.0

import Dispatch

extension SignalProducer {
  /// Starts the work and blocks the calling thread until the first value or the end of the
  /// run, then stops the work.
  ///
  /// Never call it on the thread or queue the producer sends its events on: it would wait
  /// forever.
  ///
  /// - Returns: The first value as a success, the failure if the run failed before sending a
  ///   value, or `nil` if it completed or was interrupted without one.
  public func first() -> Result<Value, Error>? {
    let outcome = Locked<Result<Value, Error>?>(nil)
    let ended = DispatchSemaphore(value: 0)
    take(first: 1).start { event in
      switch event {
      case .value(let value): outcome.withLock { $0 = .success(value) }
      case .failed(let error):
        outcome.withLock { $0 = .failure(error) }
        ended.signal()
      case .completed, .interrupted: ended.signal()
      }
    }
    ended.wait()
    return outcome.current
  }
}
