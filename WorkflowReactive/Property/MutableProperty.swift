// SPDX-License-Identifier: Apache-2.0

/// A property whose value can be set.
///
/// Setting the value stores it, then sends it to the observers: an observer reading ``value``
/// sees the value it was sent. Sets from different threads are serialized. Setting the value
/// from inside one of its own observers traps (values are never sent recursively).
public final class MutableProperty<Value>: PropertyProtocol {
  // Inlinable with the signal core, so that setting a property compiles for its value type in
  // the caller's module instead of running generic code that looks up type metadata.
  @usableFromInline let core: SignalCore<Value, Never>
  @usableFromInline let storage: PropertyStorage<Value>

  /// The lifetime of the property: it ends when the property goes away.
  ///
  /// Bindings made with `<~` end with it; attach other work that must stop
  /// with the property the same way.
  public let lifetime: Lifetime

  /// Creates a property holding `initialValue`.
  public init(_ initialValue: Value) {
    storage = PropertyStorage(initialValue)
    // The core disposes these when it terminates, which its owner's deinit makes it do.
    let disposables = CompositeDisposable()
    core = SignalCore(disposables: disposables)
    lifetime = Lifetime(disposables)
  }

  deinit {
    core.send(.completed)
  }

  /// The current value; setting it notifies the observers.
  @inlinable
  public var value: Value {
    get { storage.current }
    set { modify { $0 = newValue } }
  }

  /// Changes the value in place, then notifies the observers once.
  ///
  /// The observers are notified even when `action` throws, since a change it made before
  /// throwing is kept.
  ///
  /// - Returns: What `action` returns.
  @inlinable
  @discardableResult
  public func modify<Result, E: Swift.Error>(
    _ action: (inout Value) throws(E) -> Result
  ) throws(E) -> Result {
    if core.isDeliveringOnCurrentThread {
      fatalError(
        """
        MutableProperty<\(Value.self)> was modified from inside one of its own observers. \
        Values are never sent recursively; change the property later (through a scheduler) or \
        derive the second value with map.
        """)
    }
    return try core.withDeliveryLock { (isAlive: Bool) throws(E) -> Result in
      // A change made before `action` throws is kept, so it is sent like any other.
      let (result, newValue) = storage.withLock { (value: inout Value) in
        (Swift.Result { () throws(E) in try action(&value) }, value)
      }
      if isAlive { core.deliverLocked(newValue) }
      return try result.get()
    }
  }

  /// Completes the observers while the property lives on; later changes are stored but not sent.
  ///
  /// Used by derived properties whose source has ended.
  package func complete() {
    core.send(.completed)
  }

  /// Sends every change after the moment of observation.
  public var signal: Signal<Value, Never> {
    Signal(core: core)
  }

  /// Sends the current value, then every change, until the property goes away.
  ///
  /// The current value and the subscription to changes are taken together: no concurrent set
  /// falls between them.
  @inlinable
  public var producer: SignalProducer<Value, Never> {
    // The core already serializes this run's events, so the run needs no protecting signal of
    // its own (which would double the cost of every set); it sends `interrupted` itself when
    // disposal, rather than the property's end, detaches it.
    .serialized { [core, storage] observer, lifetime in
      // Holding the delivery lock keeps sets out between reading the value and subscribing.
      core.withDeliveryLock { isAlive in
        observer.send(value: storage.current)
        guard isAlive else {
          observer.sendCompleted()
          return
        }
        let subscription = core.observeLocked(observer)
        lifetime.observeEnded {
          guard subscription.detach() else { return }
          core.runAfterDelivery { observer.sendInterrupted() }
        }
      }
    }
  }
}
