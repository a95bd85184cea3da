// SPDX-License-Identifier: Apache-2.0

/// The precedence of the binding operator `<~`: right-associative, just above assignment.
precedencegroup BindingPrecedence {
  associativity: right
  higherThan: AssignmentPrecedence
}

/// Binds a source of values to a target: `property <~ signal`.
infix operator <~ : BindingPrecedence

/// A stream that `<~` can bind to a target: a ``Signal``, a ``SignalProducer`` or a property
/// whose values cannot fail.
public protocol BindingSource<Value>: SignalProducerConvertible where Error == Never {}

extension Signal: BindingSource where Error == Never {}

extension SignalProducer: BindingSource where Error == Never {}

extension BindingTargetProvider {
  /// Sends each value of `source` to the target until `source` ends or the target's lifetime
  /// does.
  ///
  /// A producer is started at once and a signal observed from now on; a property sends its
  /// current value first. The binding holds the target only weakly: when the target goes away
  /// (its lifetime ends), the binding stops and releases the source's work.
  ///
  /// ```swift
  /// let label = MutableProperty("")
  /// label <~ count.producer.map { "\($0) items" }
  /// ```
  ///
  /// - Parameters:
  ///   - provider: The target, such as a ``MutableProperty``, a ``BindingTarget`` or an
  ///     ``Action``.
  ///   - source: The values to send to it.
  /// - Returns: A disposable that ends the binding early, or `nil` when the target's lifetime
  ///   had already ended.
  @discardableResult
  public static func <~ <Source: BindingSource>(
    provider: Self,
    source: Source
  ) -> (any Disposable)? where Source.Value == Value {
    let target = provider.bindingTarget
    guard !target.lifetime.hasEnded else { return nil }
    return source.producer
      .take(during: target.lifetime)
      .startWithValues(target.action)
  }

  /// Sends each value of `source`, wrapped in an optional, to a target of optionals.
  ///
  /// - Parameters:
  ///   - provider: The target, whose values are optionals of the source's.
  ///   - source: The values to send to it.
  /// - Returns: A disposable that ends the binding early, or `nil` when the target's lifetime
  ///   had already ended.
  @discardableResult
  public static func <~ <Source: BindingSource>(
    provider: Self,
    source: Source
  ) -> (any Disposable)? where Value == Source.Value? {
    provider <~ source.producer.map(Optional.some)
  }
}
