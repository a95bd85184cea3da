// SPDX-License-Identifier: Apache-2.0

extension SignalProducer {
  /// Starts a run that belongs to `parent`: the run ends when it terminates, or when `parent`
  /// ends first. Operators with several sources start each source this way, so a source that
  /// finishes early releases its work at once and the rest stop with the operator.
  ///
  /// - Parameters:
  ///   - parent: The lifetime of the operator's own run or signal.
  ///   - disposables: The run's clean-up. Callers that must know the run before its first event
  ///     (events may arrive before this method returns) make it themselves.
  ///   - action: Receives the run's events.
  /// - Returns: `disposables`, which interrupts the run when disposed.
  @discardableResult
  func startRun(
    in parent: Lifetime,
    disposables: CompositeDisposable = CompositeDisposable(),
    _ action: @escaping (Signal<Value, Error>.Event) -> Void
  ) -> CompositeDisposable {
    guard let detach = parent.observeEnded({ disposables.dispose() }) else {
      // The parent has ended: the work must not start at all.
      disposables.dispose()
      return disposables
    }
    // When the run ends first, forget it in the parent so long-lived parents do not pile up
    // finished runs.
    disposables += detach
    // Disposed meanwhile (by the caller, or by the parent on another thread): nothing to start.
    if disposables.isDisposed { return disposables }
    startProtected(
      Signal.Observer { event in
        action(event)
        if event.isTerminating { disposables.dispose() }
      },
      Lifetime(disposables))
    return disposables
  }

  /// Starts a run that belongs to `parent` and sends its events to `observer`; otherwise the
  /// same as the form taking a closure.
  @discardableResult
  func startRun(
    in parent: Lifetime,
    disposables: CompositeDisposable = CompositeDisposable(),
    _ observer: Signal<Value, Error>.Observer
  ) -> CompositeDisposable {
    // Captures the observer itself, not its action: a generator's input interrupts its signal
    // when released, and this run may outlive the generator.
    startRun(in: parent, disposables: disposables) { observer.send($0) }
  }
}
