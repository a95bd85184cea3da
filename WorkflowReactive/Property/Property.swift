// SPDX-License-Identifier: Apache-2.0

/// A read-only property: a value that changes over time and can be observed but not set.
///
/// A `Property` is one of three kinds, as in ReactiveSwift:
///
/// - A constant, from ``init(value:)``: its producer sends the value and completes, its signal is
///   interrupted at once.
/// - A wrapper, from ``init(capturing:)``: it keeps the wrapped property alive and forwards to
///   it, so its observers are completed when the wrapped property goes away.
/// - A composed property, from ``init(_:)``, ``init(initial:then:)-(_,SignalProducer<Value,Never>)``
///   and the composition operators (``PropertyProtocol/map(_:)``,
///   ``PropertyProtocol/combineLatest(with:)``, ``PropertyProtocol/zip(with:)`` and the like). It
///   keeps its own copy of the value and does not keep its sources alive: its streams follow
///   the sources and complete when they do, whether or not the composed property still exists.
///   Its value stays the last one it had.
public final class Property<Value>: PropertyProtocol {
  // Unchecked for `constant` alone: its value is never mutated, so sharing it between threads
  // is safe whatever `Value` is, as a MutableProperty's storage is.
  private enum Kind: @unchecked Sendable {
    case constant(Value)
    case capturing(any PropertyProtocol<Value>)
    case composed(MutableProperty<Value>, upstream: any Disposable)
  }

  private let kind: Kind
  /// Where ``value`` is read: the wrapped property, the composed property's box, or the
  /// constant. Reading it does not switch over `kind`, whose generic payloads make every read
  /// look up type metadata (R1 reads a host's rendering this way: 1,451 instructions per
  /// action with the switch, 990 without).
  private let source: any PropertyProtocol<Value>

  /// Creates a property that always holds `value`.
  ///
  /// Its ``producer`` sends `value`, then completes; its ``signal`` is interrupted at once,
  /// since the value never changes.
  public init(value: Value) {
    kind = .constant(value)
    source = ConstantValue(value)
  }

  /// Creates a property that wraps `property`, keeping it alive.
  public init<P: PropertyProtocol>(capturing property: P) where P.Value == Value {
    kind = .capturing(property)
    source = property
  }

  /// Creates a composed property that follows `property` without keeping it alive.
  ///
  /// When `property` goes away, the composed property keeps its last value and completes its
  /// observers. Use ``init(capturing:)`` to keep `property` alive instead.
  public convenience init<P: PropertyProtocol>(_ property: P) where P.Value == Value {
    self.init(unsafeProducer: property.producer)
  }

  /// Creates a composed property holding `initial`, then each value `values` sends.
  ///
  /// The property starts `values` at once. When the run ends, the property keeps its last
  /// value and completes its observers.
  public convenience init(initial: Value, then values: SignalProducer<Value, Never>) {
    self.init(
      unsafeProducer: SignalProducer.serialized { observer, lifetime in
        observer.send(value: initial)
        // The property's streams complete, rather than being interrupted, when the values do.
        values.startProtected(
          Signal.Observer { event in
            if case .interrupted = event { observer.sendCompleted() } else { observer.send(event) }
          }, lifetime)
      })
  }

  /// Creates a composed property holding `initial`, then each value `values` sends from now on.
  ///
  /// When `values` ends, the property keeps its last value and completes its observers.
  public convenience init(initial: Value, then values: Signal<Value, Never>) {
    self.init(initial: initial, then: SignalProducer(values))
  }

  /// Creates a composed property from a producer that sends its first value as it starts.
  ///
  /// The producer's run feeds the property until it ends; the property's observers complete
  /// with it. The run does not keep this property alive, and this property does not keep the
  /// run's sources alive.
  package init(unsafeProducer: SignalProducer<Value, Never>) {
    // The first value arrives before start returns and becomes the initial value. The box is
    // held by the run, so the property's observers keep following the sources after the
    // property itself has gone away.
    var box: MutableProperty<Value>?
    let upstream = unsafeProducer.start { event in
      guard case .value(let value) = event else {
        box?.complete()
        return
      }
      guard let current = box else {
        box = MutableProperty(value)
        return
      }
      current.value = value
    }
    guard let box else {
      preconditionFailure(
        """
        Property<\(Value.self)>: the producer of a composed property sent no value when \
        started. Compose properties from producers that send their current value at once.
        """)
    }
    kind = .composed(box, upstream: upstream)
    source = box
  }

  deinit {
    // Nobody can observe a composed property any more once it is gone and nobody observes it
    // now: its sources need not feed it.
    if case .composed(let box, let upstream) = kind, !box.core.hasObservers {
      upstream.dispose()
    }
  }

  /// The current value.
  public var value: Value { source.value }

  /// Sends the current value, then every change; completes when the property, or for a
  /// composed property its sources, can change no more.
  public var producer: SignalProducer<Value, Never> {
    switch kind {
    case .constant(let value): SignalProducer(value: value)
    case .capturing(let property): property.producer
    case .composed(let box, _): box.producer
    }
  }

  /// Sends every change after the moment of observation.
  public var signal: Signal<Value, Never> {
    switch kind {
    case .constant: .empty
    case .capturing(let property): property.signal
    case .composed(let box, _): box.signal
    }
  }
}

/// The value of a constant ``Property``, read as any other property's value is.
private final class ConstantValue<Value>: PropertyProtocol, @unchecked Sendable {
  // Unchecked: the value is set once, before the object is shared, and never mutated.
  let value: Value

  init(_ value: Value) { self.value = value }

  var producer: SignalProducer<Value, Never> { SignalProducer(value: value) }

  var signal: Signal<Value, Never> { .empty }
}
