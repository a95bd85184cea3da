// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Forwards the latest value of this signal each time `sampler` sends a value.
  ///
  /// A sample before this signal's first value sends nothing; the latest value stays and is
  /// sent again by each later sample. The result completes once both this signal and `sampler`
  /// have completed, fails when this signal fails, and is interrupted when either is.
  ///
  /// - Parameter sampler: Each of its values sends the latest value.
  public func sample(on sampler: Signal<(), Never>) -> Signal<Value, Error> {
    sample(with: sampler).map { value, _ in value }
  }
}

extension SignalProducer {
  /// Forwards the latest value of each run each time `sampler` sends a value.
  ///
  /// A sample before the run's first value sends nothing; the latest value stays and is sent
  /// again by each later sample. The result completes once both the run and `sampler` have
  /// completed, fails when the run fails, and is interrupted when either is.
  ///
  /// - Parameter sampler: Observed from the start of each run; each of its values sends the
  ///   latest value.
  public func sample(on sampler: Signal<(), Never>) -> SignalProducer<Value, Error> {
    sample(on: SignalProducer<(), Never>(sampler))
  }

  /// Starts the run and a run of `sampler` together, and forwards the run's latest value each
  /// time the sampler run sends a value.
  ///
  /// A sample before the run's first value sends nothing; the latest value stays and is sent
  /// again by each later sample. The result completes once both runs have completed, fails
  /// when the run fails, and is interrupted when either is; it then disposes the other run.
  ///
  /// - Parameter sampler: Started with each run; each of its values sends the latest value.
  public func sample(on sampler: SignalProducer<(), Never>) -> SignalProducer<Value, Error> {
    sample(with: sampler).map { value, _ in value }
  }
}
