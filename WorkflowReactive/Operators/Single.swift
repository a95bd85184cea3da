// SPDX-License-Identifier: Apache-2.0

extension SignalProducer {
  /// Starts the work and blocks the calling thread until the run ends or sends a second value,
  /// expecting exactly one value.
  ///
  /// A second value stops the work. Never call it on the thread or queue the producer sends its
  /// events on: it would wait forever.
  ///
  /// - Returns: The one value as a success, or the failure if the run failed; `nil` if it
  ///   ended without a value or sent more than one.
  public func single() -> Result<Value, Error>? {
    let outcome: (count: Int, result: Result<Value, Error>?)? = take(first: 2).waitForEnd {
      outcome, event in
      var (count, result) = outcome ?? (0, nil)
      switch event {
      case .value(let value):
        count += 1
        result = count == 1 ? .success(value) : nil
      case .failed(let error): result = .failure(error)
      case .completed, .interrupted: break
      }
      outcome = (count, result)
    }
    return outcome?.result
  }
}
