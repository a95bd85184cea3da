// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Receives the events of a signal, and is how a signal's source sends them.
  ///
  /// The observer handed out by ``Signal/pipe(disposable:)`` or a generator feeds the signal; an observer
  /// passed to ``Signal/observe(_:)-(Signal<Value,Error>.Observer)`` receives its events.
  public final class Observer {
    @usableFromInline
    let action: (Event) -> Void
    @usableFromInline let interruptsOnDeinit: Bool

    /// Creates an observer that runs `action` for every event.
    @inlinable
    public init(_ action: @escaping (Event) -> Void) {
      self.action = action
      self.interruptsOnDeinit = false
    }

    @usableFromInline
    package init(action: @escaping (Event) -> Void, interruptsOnDeinit: Bool) {
      self.action = action
      self.interruptsOnDeinit = interruptsOnDeinit
    }

    /// Creates an observer from a closure for each kind of event.
    public convenience init(
      value: ((Value) -> Void)? = nil,
      failed: ((Error) -> Void)? = nil,
      completed: (() -> Void)? = nil,
      interrupted: (() -> Void)? = nil
    ) {
      self.init { event in
        switch event {
        case .value(let v): value?(v)
        case .failed(let error): failed?(error)
        case .completed: completed?()
        case .interrupted: interrupted?()
        }
      }
    }

    deinit {
      // A signal's input that nobody can send through any more can never end by itself.
      if interruptsOnDeinit { interruptOnDeinit() }
    }

    // Out of line, so that releasing an ordinary observer does not look up the event type.
    @inline(never)
    private func interruptOnDeinit() {
      action(.interrupted)
    }

    /// Sends `event`.
    @inlinable
    public func send(_ event: Event) {
      action(event)
    }

    /// Sends a value.
    @inlinable
    public func send(value: Value) {
      action(.value(value))
    }

    /// Ends the stream with `error`.
    public func send(error: Error) {
      action(.failed(error))
    }

    /// Ends the stream normally.
    public func sendCompleted() {
      action(.completed)
    }

    /// Ends the stream early.
    public func sendInterrupted() {
      action(.interrupted)
    }
  }
}

extension Signal.Observer: @unchecked Sendable {}
