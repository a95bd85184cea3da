// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Forwards the events of this signal until `replacement` sends its first event, then
  /// forwards only `replacement`'s events, that one included.
  ///
  /// - Parameter replacement: Takes over with its first event of any kind.
  public func take(untilReplacement replacement: Signal<Value, Error>) -> Signal<Value, Error> {
    Signal { observer, lifetime in
      let handover = Handover(observer)
      handover.original.inner = self.observe(handover.receiveOriginal)
      lifetime += handover.original
      lifetime += replacement.observe(handover.receiveReplacement)
    }
  }
}

extension SignalProducer {
  /// Starts the run and a run of `replacement`; forwards the run's events until the
  /// replacement run sends its first event, then disposes the run and forwards only the
  /// replacement's events, that one included.
  ///
  /// - Parameter replacement: Started with each run, just after it; takes over with its first
  ///   event of any kind.
  public func take(untilReplacement replacement: SignalProducer<Value, Error>)
    -> SignalProducer<Value, Error>
  {
    SignalProducer { observer, lifetime in
      let handover = Handover(observer)
      handover.original.inner = self.startRun(in: lifetime, handover.receiveOriginal)
      guard !lifetime.hasEnded else { return }
      replacement.startRun(in: lifetime, handover.receiveReplacement)
    }
  }

  /// Forwards the run's events until `replacement` sends its first event, then disposes the
  /// run and forwards only `replacement`'s events, that one included.
  ///
  /// - Parameter replacement: Observed from the start of each run.
  public func take(untilReplacement replacement: Signal<Value, Error>)
    -> SignalProducer<Value, Error>
  {
    take(untilReplacement: SignalProducer(replacement))
  }
}

/// Forwards the original input until the replacement's first event, then the replacement.
private final class Handover<Value, Error: Swift.Error>: @unchecked Sendable {
  let original = SerialDisposable()
  private let isReplaced = Locked(false)
  private let observer: Signal<Value, Error>.Observer

  init(_ observer: Signal<Value, Error>.Observer) {
    self.observer = observer
  }

  func receiveOriginal(_ event: Signal<Value, Error>.Event) {
    guard !isReplaced.current else { return }
    observer.send(event)
  }

  func receiveReplacement(_ event: Signal<Value, Error>.Event) {
    let isFirst = isReplaced.withLock { isReplaced in
      defer { isReplaced = true }
      return !isReplaced
    }
    if isFirst { original.dispose() }
    observer.send(event)
  }
}
