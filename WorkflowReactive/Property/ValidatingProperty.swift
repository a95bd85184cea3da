// SPDX-License-Identifier: Apache-2.0

import Foundation

/// A mutable property that checks each proposed value before storing it.
///
/// Setting ``value`` runs the validator: a valid value is stored in the inner property, a
/// coerced one stores its replacement, and an invalid one stores nothing. ``result`` holds the
/// outcome of the latest proposal. Changes made to the inner property directly are validated
/// too, and kept even when they fail.
///
/// ```swift
/// let name = ValidatingProperty<String, NameError>("") { proposed in
///   proposed.isEmpty ? .invalid(.empty) : .valid
/// }
/// name.value = "Ada"  // name.result.value == .valid("Ada")
/// name.value = ""  // .invalid("", .empty); name.value is still "Ada"
/// ```
public final class ValidatingProperty<Value, ValidationError: Swift.Error>:
  MutablePropertyProtocol
{
  private let inner: InnerProperty<Value>
  private let validator: (Value) -> Decision
  private let results: MutableProperty<Result>
  private let writeback = ValidationWriteback()

  /// The outcome of the latest proposed value.
  public let result: Property<Result>

  /// Creates a validating view of `inner`, which it keeps alive.
  ///
  /// - Parameters:
  ///   - inner: Where valid values are stored.
  ///   - validator: Decides on each proposed value.
  public convenience init(
    _ inner: MutableProperty<Value>, _ validator: @escaping (Value) -> Decision
  ) {
    self.init(InnerProperty(inner), validator)
  }

  /// Creates a validating view of any mutable property, which it keeps alive.
  ///
  /// A proposed value is validated and stored under a lock of this property, so proposals do
  /// not interleave; a change made to `inner` directly is validated as it is sent.
  ///
  /// - Parameters:
  ///   - inner: Where valid values are stored.
  ///   - validator: Decides on each proposed value.
  public convenience init<Inner: MutablePropertyProtocol<Value>>(
    _ inner: Inner, _ validator: @escaping (Value) -> Decision
  ) {
    self.init(InnerProperty(inner), validator)
  }

  private init(_ inner: InnerProperty<Value>, _ validator: @escaping (Value) -> Decision) {
    self.inner = inner
    self.validator = validator
    let writeback = self.writeback
    let results = MutableProperty(Result(inner.read(), validator(inner.read())))
    self.results = results
    result = Property(results)
    inner.signal()
      .take(during: results.lifetime)
      .observeValues { [weak results] value in
        // A value this property wrote back has been validated already.
        guard !writeback.isWritingOnThisThread else { return }
        results?.value = Result(value, validator(value))
      }
  }

  /// Creates a validating property holding `initial`, which need not be valid.
  ///
  /// - Parameters:
  ///   - initial: The first value.
  ///   - validator: Decides on each proposed value.
  public convenience init(_ initial: Value, _ validator: @escaping (Value) -> Decision) {
    self.init(MutableProperty(initial), validator)
  }

  /// The latest stored value, which may have failed validation if the inner property was set
  /// directly; see ``result``.
  public var value: Value {
    get { inner.read() }
    set { propose(newValue) }
  }

  /// Sends the current value, then every stored change.
  public var producer: SignalProducer<Value, Never> { inner.producer() }

  /// Sends every stored change.
  public var signal: Signal<Value, Never> { inner.signal() }

  /// The lifetime of the inner property.
  public var lifetime: Lifetime { inner.lifetime }

  private func propose(_ proposed: Value) {
    inner.store(
      { [results, validator] in
        let outcome = Result(proposed, validator(proposed))
        results.value = outcome
        return outcome.value
      }, writeback)
  }

  /// Validates the latest proposed value again, as when what it depends on changed.
  fileprivate func revalidate() {
    switch result.value {
    case .valid(let value), .coerced(_, let value, _), .invalid(let value, _):
      propose(value)
    }
  }

  /// A validator's decision on a proposed value.
  public enum Decision {
    /// The value is valid.
    case valid
    /// The value is invalid; the replacement, which is deemed valid, is stored instead.
    case coerced(Value, ValidationError?)
    /// The value is invalid and is not stored.
    case invalid(ValidationError)
  }

  /// The outcome of validating a proposed value.
  public enum Result {
    /// The proposed value was valid and is stored.
    case valid(Value)
    /// The proposed value was invalid; the replacement is stored.
    case coerced(replacement: Value, proposed: Value, error: ValidationError?)
    /// The proposed value was invalid and was not stored.
    case invalid(Value, ValidationError)

    /// Whether the proposed value was invalid.
    public var isInvalid: Bool {
      if case .invalid = self { true } else { false }
    }

    /// The stored value: the valid value or the replacement; `nil` when invalid.
    public var value: Value? {
      switch self {
      case .valid(let value), .coerced(let value, _, _): value
      case .invalid: nil
      }
    }

    /// The error of an invalid value.
    public var error: ValidationError? {
      if case .invalid(_, let error) = self { error } else { nil }
    }

    init(_ proposed: Value, _ decision: Decision) {
      switch decision {
      case .valid: self = .valid(proposed)
      case .coerced(let replacement, let error):
        self = .coerced(replacement: replacement, proposed: proposed, error: error)
      case .invalid(let error): self = .invalid(proposed, error)
      }
    }
  }
}

extension ValidatingProperty {
  /// Creates a validating view of `inner` whose validator also reads `other`; each change of
  /// `other` validates the latest proposed value again.
  ///
  /// - Parameters:
  ///   - inner: Where valid values are stored; kept alive.
  ///   - other: The property the validator depends on; observed, not kept alive.
  ///   - validator: Decides on a proposed value given the current value of `other`.
  public convenience init<Other: PropertyProtocol>(
    _ inner: MutableProperty<Value>,
    with other: Other,
    _ validator: @escaping (Value, Other.Value) -> Decision
  ) {
    // A view keeps `other`'s value readable here without this property holding it.
    weak let weakOther = other
    let latest = Locked(other.value)
    self.init(inner) { proposed in
      validator(proposed, weakOther?.value ?? latest.current)
    }
    other.signal
      .take(during: lifetime)
      .observeValues { [weak self] value in
        latest.withLock { $0 = value }
        self?.revalidate()
      }
  }

  /// Creates a validating property holding `initial` whose validator also reads `other`.
  ///
  /// - Parameters:
  ///   - initial: The first value, which need not be valid.
  ///   - other: The property the validator depends on; observed, not kept alive.
  ///   - validator: Decides on a proposed value given the current value of `other`.
  public convenience init<Other: PropertyProtocol>(
    _ initial: Value,
    with other: Other,
    _ validator: @escaping (Value, Other.Value) -> Decision
  ) {
    self.init(MutableProperty(initial), with: other, validator)
  }

  /// Creates a validating view of `inner` whose validator also reads the latest proposed value
  /// of another validating property, valid or not.
  ///
  /// - Parameters:
  ///   - inner: Where valid values are stored; kept alive.
  ///   - other: The validating property the validator depends on.
  ///   - validator: Decides on a proposed value given `other`'s latest proposed value.
  public convenience init<U, E>(
    _ inner: MutableProperty<Value>,
    with other: ValidatingProperty<U, E>,
    _ validator: @escaping (Value, U) -> Decision
  ) {
    self.init(inner, with: other.result) { proposed, otherResult in
      validator(proposed, otherResult.proposed)
    }
  }

  /// Creates a validating property holding `initial` whose validator also reads the latest
  /// proposed value of another validating property, valid or not.
  ///
  /// - Parameters:
  ///   - initial: The first value, which need not be valid.
  ///   - other: The validating property the validator depends on.
  ///   - validator: Decides on a proposed value given `other`'s latest proposed value.
  public convenience init<U, E>(
    _ initial: Value,
    with other: ValidatingProperty<U, E>,
    _ validator: @escaping (Value, U) -> Decision
  ) {
    self.init(MutableProperty(initial), with: other, validator)
  }
}

extension ValidatingProperty.Result {
  /// The value that was proposed, whatever the outcome.
  fileprivate var proposed: Value {
    switch self {
    case .valid(let value), .coerced(_, let value, _), .invalid(let value, _): value
    }
  }
}

extension ValidatingProperty.Result: Equatable where Value: Equatable, ValidationError: Equatable {}

extension ValidatingProperty.Decision: Equatable
where Value: Equatable, ValidationError: Equatable {}

// Every stored value lives in properties that serialize access.
extension ValidatingProperty: @unchecked Sendable {}

/// The thread on which a validating property is storing a value it validated itself, so that
/// the inner property's delivery of that value, on the same thread, is not validated again
/// while a direct change on another thread still is.
private final class ValidationWriteback: Sendable {
  private let writer = Locked<Thread?>(nil)

  var isWritingOnThisThread: Bool {
    writer.withLock { $0 === Thread.current }
  }

  func write(_ body: () -> Void) {
    let previous = writer.withLock { writer in
      defer { writer = Thread.current }
      return writer
    }
    body()
    writer.withLock { $0 = previous }
  }
}

/// How a validating property reaches the property it stores into: a `MutableProperty`
/// validates and stores under its delivery lock, any other mutable property under a lock of
/// its own.
private struct InnerProperty<Value>: @unchecked Sendable {
  let read: () -> Value
  let signal: () -> Signal<Value, Never>
  let producer: () -> SignalProducer<Value, Never>
  let lifetime: Lifetime
  /// Validates a proposed value with `validating`, which returns what to store (or `nil`),
  /// then stores it, with no other proposal in between.
  let store: (_ validating: () -> Value?, _ writeback: ValidationWriteback) -> Void

  init(_ inner: MutableProperty<Value>) {
    read = { inner.value }
    signal = { inner.signal }
    producer = { inner.producer }
    lifetime = inner.lifetime
    store = { validating, writeback in
      // Under the inner property's delivery lock, so that no other change of it falls between
      // the validation and the write.
      inner.core.withDeliveryLock { isAlive in
        guard let accepted = validating() else { return }
        inner.storage.withLock { $0 = accepted }
        guard isAlive else { return }
        writeback.write { inner.core.deliverLocked(accepted) }
      }
    }
  }

  init<Inner: MutablePropertyProtocol<Value>>(_ inner: Inner) {
    read = { inner.value }
    signal = { inner.signal }
    producer = { inner.producer }
    lifetime = inner.lifetime
    let proposals = NSRecursiveLock()
    store = { validating, writeback in
      proposals.lock()
      defer { proposals.unlock() }
      guard let accepted = validating() else { return }
      writeback.write { inner.value = accepted }
    }
  }
}
