// SPDX-License-Identifier: Apache-2.0

extension SignalProducer {
  /// Starts the work and blocks the calling thread until the run ends, ignoring its values.
  ///
  /// Never call it on the thread or queue the producer sends its events on: it would wait
  /// forever.
  ///
  /// - Returns: Success when the run completed or was interrupted, the failure when it failed.
  public func wait() -> Result<(), Error> {
    let failure: Error? = waitForEnd { outcome, event in
      if case .failed(let error) = event { outcome = error }
    }
    return failure.map { .failure($0) } ?? .success(())
  }
}
