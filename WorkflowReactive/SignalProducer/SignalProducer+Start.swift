// SPDX-License-Identifier: Apache-2.0

extension SignalProducer {
  /// Starts the work, delivering its events to `observer`.
  ///
  /// - Returns: A disposable that interrupts the run: `observer` then receives `interrupted`
  ///   unless the run has already ended.
  // Inlinable, like startWithValues(_:), so that the observers they make compile for the
  // producer's value type in the caller's module.
  @inlinable
  @discardableResult
  public func start(_ observer: Signal<Value, Error>.Observer = .init()) -> any Disposable {
    let disposables = CompositeDisposable()
    let handle = RunHandle(disposables)
    startProtected(
      Signal.Observer { event in
        observer.action(event)
        if event.isTerminating { disposables.dispose() }
      },
      Lifetime(disposables, retainer: handle.retainer))
    return handle
  }

  /// Starts the work, running `action` for every event.
  @inlinable
  @discardableResult
  public func start(_ action: @escaping (Signal<Value, Error>.Event) -> Void) -> any Disposable {
    start(Signal.Observer(action))
  }

  /// Starts the work, running `action` for every value and ignoring terminal events.
  @inlinable
  @discardableResult
  public func startWithValues(_ action: @escaping (Value) -> Void) -> any Disposable {
    start { event in
      if case .value(let value) = event { action(value) }
    }
  }

  /// Starts the work, running `action` for every value and failure.
  @discardableResult
  public func startWithResult(_ action: @escaping (Result<Value, Error>) -> Void)
    -> any Disposable
  {
    start { event in
      switch event {
      case .value(let value): action(.success(value))
      case .failed(let error): action(.failure(error))
      case .completed, .interrupted: break
      }
    }
  }

  /// Starts the work, running `action` when it completes.
  @discardableResult
  public func startWithCompleted(_ action: @escaping () -> Void) -> any Disposable {
    start { event in
      if case .completed = event { action() }
    }
  }

  /// Starts the work, running `action` when it fails.
  @discardableResult
  public func startWithFailed(_ action: @escaping (Error) -> Void) -> any Disposable {
    start { event in
      if case .failed(let error) = event { action(error) }
    }
  }

  /// Starts the work, running `action` when it is interrupted.
  @discardableResult
  public func startWithInterrupted(_ action: @escaping () -> Void) -> any Disposable {
    start { event in
      if case .interrupted = event { action() }
    }
  }

  /// Creates the signal of one run and hands it to `setup`, then starts the work unless
  /// `setup` disposed the interrupt handle.
  ///
  /// Observe the signal inside `setup` to receive every event of the run, including those the
  /// work sends synchronously as it starts.
  ///
  /// ```swift
  /// producer.startWithSignal { signal, interruptHandle in
  ///   signal.observeValues { print($0) }
  ///   lifetime += interruptHandle
  /// }
  /// ```
  ///
  /// - Parameter setup: Receives the run's signal and a disposable that interrupts the run.
  ///   Disposing it before `setup` returns interrupts the signal and the work never starts.
  /// - Returns: What `setup` returns.
  @discardableResult
  public func startWithSignal<Result>(
    _ setup: (_ signal: ProducedSignal, _ interruptHandle: any Disposable) throws -> Result
  ) rethrows -> Result {
    let disposables = CompositeDisposable()
    var pipe: (output: ProducedSignal, input: ProducedSignal.Observer)? =
      Signal.pipe(disposable: disposables)
    let input = pipe!.input
    disposables += { input.sendInterrupted() }
    let result = try setup(pipe!.output, disposables)
    // A signal that `setup` neither observes nor keeps is disposed now, as in ReactiveSwift,
    // and the work is not started.
    pipe = nil
    guard !disposables.isDisposed else { return result }
    startProtected(
      Signal.Observer { event in
        input.send(event)
        if event.isTerminating { disposables.dispose() }
      },
      Lifetime(disposables))
    return result
  }
}
