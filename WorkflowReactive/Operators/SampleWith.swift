// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Each time `sampler` sends a value, sends it paired with the latest value of this signal.
  ///
  /// A sample before this signal's first value sends nothing. The result completes once both
  /// have completed, fails when this signal fails, and is interrupted when either is.
  ///
  /// - Parameter sampler: Each of its values sends a pair.
  public func sample<T>(with sampler: Signal<T, Never>) -> Signal<(Value, T), Error> {
    Signal<(Value, T), Error> { observer, lifetime in
      let pairing = SamplePairing<Value, T, Error>(observer)
      lifetime += self.observe(pairing.receiveValue)
      lifetime += sampler.observe(pairing.receiveSample)
    }
  }

  /// Starts `sampler`, and each time it sends a value, sends it paired with the latest value of
  /// this signal.
  ///
  /// The result ends as with a sampling signal, and disposes `sampler`'s run when it ends.
  ///
  /// - Parameter sampler: Started at once; each of its values sends a pair.
  public func sample<T>(with sampler: SignalProducer<T, Never>) -> Signal<(Value, T), Error> {
    Signal<(Value, T), Error> { observer, lifetime in
      let pairing = SamplePairing<Value, T, Error>(observer)
      lifetime += self.observe(pairing.receiveValue)
      sampler.startRun(in: lifetime, pairing.receiveSample)
    }
  }

  /// Starts `sampler`, and forwards the latest value of this signal each time it sends a value.
  ///
  /// - Parameter sampler: Started at once; each of its values sends the latest value.
  public func sample(on sampler: SignalProducer<(), Never>) -> Signal<Value, Error> {
    sample(with: sampler).map { value, _ in value }
  }
}

extension SignalProducer {
  /// Starts the run and a run of `sampler` together, and each time the sampler run sends a
  /// value, sends it paired with the run's latest value.
  ///
  /// A sample before the run's first value sends nothing. The result completes once both runs
  /// have completed, fails when the run fails, and is interrupted when either is; it then
  /// disposes the other run.
  ///
  /// - Parameter sampler: Started with each run; each of its values sends a pair.
  public func sample<T>(with sampler: SignalProducer<T, Never>) -> SignalProducer<(Value, T), Error>
  {
    SignalProducer<(Value, T), Error> { observer, lifetime in
      let pairing = SamplePairing<Value, T, Error>(observer)
      self.startRun(in: lifetime, pairing.receiveValue)
      guard !lifetime.hasEnded else { return }
      sampler.startRun(in: lifetime, pairing.receiveSample)
    }
  }

  /// Each time `sampler` sends a value, sends it paired with the run's latest value.
  ///
  /// - Parameter sampler: Observed from the start of each run; each of its values sends a pair.
  public func sample<T>(with sampler: Signal<T, Never>) -> SignalProducer<(Value, T), Error> {
    sample(with: SignalProducer<T, Never>(sampler))
  }
}

/// The latest value of a sampled input paired with each sample, and which inputs completed.
private final class SamplePairing<Value, T, Error: Swift.Error>: @unchecked Sendable {
  private struct State {
    var latest: Value?
    var isSourceCompleted = false
    var isSamplerCompleted = false
  }

  private let state = Locked(State())
  private let observer: Signal<(Value, T), Error>.Observer

  init(_ observer: Signal<(Value, T), Error>.Observer) {
    self.observer = observer
  }

  func receiveValue(_ event: Signal<Value, Error>.Event) {
    switch event {
    case .value(let value):
      state.withLock { $0.latest = value }
    case .completed:
      let isLast = state.withLock { state in
        state.isSourceCompleted = true
        return state.isSamplerCompleted
      }
      if isLast { observer.sendCompleted() }
    case .failed(let error):
      observer.send(error: error)
    case .interrupted:
      observer.sendInterrupted()
    }
  }

  func receiveSample(_ event: Signal<T, Never>.Event) {
    switch event {
    case .value(let sample):
      // Sent outside the lock: the observer may send to the source from here.
      if let latest = state.withLock({ $0.latest }) { observer.send(value: (latest, sample)) }
    case .completed:
      let isLast = state.withLock { state in
        state.isSamplerCompleted = true
        return state.isSourceCompleted
      }
      if isLast { observer.sendCompleted() }
    case .interrupted:
      observer.sendInterrupted()
    }
  }
}
