// SPDX-License-Identifier: Apache-2.0

/// A read-only property: a value that changes over time and can be observed but not set.
///
/// A `Property` is either a view of another property or a derived property:
///
/// - ``init(_:)`` wraps a property, such as a ``MutableProperty``, to hand out its value without
///   the ability to change it. The view keeps the wrapped property alive and forwards to it, so
///   its observers are completed when the wrapped property goes away.
/// - ``init(initial:then:)-(_,SignalProducer<Value,Never>)``, ``PropertyProtocol/map(_:)`` and
///   ``PropertyProtocol/skipRepeats()`` make a derived property, which keeps its own value and
///   observers. It follows its source for as long as it lives, and completes its observers when
///   it goes away or when its source completes; its value then stays the last one it had.
public final class Property<Value>: PropertyProtocol {
  private let source: any PropertyProtocol<Value>
  /// The value and observers of a derived property.
  private let derived: MutableProperty<Value>?
  /// The observation of a derived property's source.
  private let upstream: (any Disposable)?
  /// The source property, kept alive by a property derived from it.
  private let origin: (any PropertyProtocol)?

  /// Creates a read-only view of `property`, keeping it alive.
  public init<P: PropertyProtocol>(_ property: P) where P.Value == Value {
    source = property
    derived = nil
    upstream = nil
    origin = nil
  }

  /// Creates a property that always holds `value`.
  public convenience init(value: Value) {
    self.init(MutableProperty(value))
  }

  /// Creates a property holding `initial`, then each value `values` sends.
  ///
  /// The property starts `values` at once and disposes the run when it goes away. When the run
  /// ends, the property keeps its last value and completes its observers.
  public convenience init(initial: Value, then values: SignalProducer<Value, Never>) {
    let box = MutableProperty(initial)
    let upstream = values.start { event in
      if case .value(let value) = event { box.value = value } else { box.complete() }
    }
    self.init(derived: box, upstream: upstream, origin: nil)
  }

  /// Creates a property holding `initial`, then each value `values` sends from now on.
  ///
  /// When `values` ends, the property keeps its last value and completes its observers.
  public convenience init(initial: Value, then values: Signal<Value, Never>) {
    self.init(initial: initial, then: SignalProducer(values))
  }

  private init(
    derived box: MutableProperty<Value>, upstream: any Disposable, origin: (any PropertyProtocol)?
  ) {
    source = box
    derived = box
    self.upstream = upstream
    self.origin = origin
  }

  /// Creates a property derived from `property`: each of its values passed through `transform`,
  /// minus those that `isRepeat` reports equivalent to the current value.
  package convenience init<Source: PropertyProtocol>(
    deriving property: Source,
    _ transform: @escaping (Source.Value) -> Value,
    skippingRepeats isRepeat: ((Value, Value) -> Bool)? = nil
  ) {
    // A property's producer sends its current value before start returns; that value, taken
    // atomically with the subscription, becomes the initial value.
    var box: MutableProperty<Value>?
    let upstream = property.producer.start { event in
      guard case .value(let sourceValue) = event else {
        box?.complete()
        return
      }
      let value = transform(sourceValue)
      guard let current = box else {
        box = MutableProperty(value)
        return
      }
      if let isRepeat, isRepeat(current.value, value) { return }
      current.value = value
    }
    guard let box else {
      preconditionFailure(
        """
        Property<\(Value.self)>: the producer of \(Source.self) sent no value when started. A \
        property's producer must send its current value at once.
        """)
    }
    self.init(derived: box, upstream: upstream, origin: property)
  }

  deinit {
    // Stop following the source first, so that no change arrives after the completion.
    upstream?.dispose()
    derived?.complete()
  }

  /// The current value.
  public var value: Value { source.value }

  /// Sends the current value, then every change, until the property goes away.
  public var producer: SignalProducer<Value, Never> { source.producer }

  /// Sends every change after the moment of observation.
  public var signal: Signal<Value, Never> { source.signal }
}
