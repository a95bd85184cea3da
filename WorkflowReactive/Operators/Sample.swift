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
    Signal { observer, lifetime in
      let sampling = Sampling<Value, Error>(observer)
      lifetime += self.observe(sampling.receiveValue)
      lifetime += sampler.observe(sampling.receiveSample)
    }
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
    SignalProducer { observer, lifetime in
      let sampling = Sampling<Value, Error>(observer)
      self.startRun(in: lifetime, sampling.receiveValue)
      guard !lifetime.hasEnded else { return }
      sampler.startRun(in: lifetime, sampling.receiveSample)
    }
  }
}

/// The latest value of a sampled input, and which of the two inputs have completed.
private final class Sampling<Value, Error: Swift.Error>: @unchecked Sendable {
  private struct State {
    var latest: Value?
    var isSourceCompleted = false
    var isSamplerCompleted = false
  }

  private let state = Locked(State())
  private let observer: Signal<Value, Error>.Observer

  init(_ observer: Signal<Value, Error>.Observer) {
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

  func receiveSample(_ event: Signal<(), Never>.Event) {
    switch event {
    case .value:
      // Sent outside the lock: the observer may send to the source from here.
      if let latest = state.withLock({ $0.latest }) { observer.send(value: latest) }
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
