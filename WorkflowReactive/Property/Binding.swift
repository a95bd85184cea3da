// SPDX-License-Identifier: Apache-2.0

/// The precedence of the binding operator `<~`: right-associative, just above assignment.
precedencegroup BindingPrecedence {
  associativity: right
  higherThan: AssignmentPrecedence
}

/// Binds a source of values to a target: `property <~ signal`.
infix operator <~ : BindingPrecedence

/// A stream that `<~` can bind to a ``MutableProperty``: a ``Signal``, a ``SignalProducer`` or a
/// property whose values cannot fail.
public protocol BindingSource<Value>: SignalProducerConvertible where Error == Never {}

extension Signal: BindingSource where Error == Never {}

extension SignalProducer: BindingSource where Error == Never {}

extension MutableProperty {
  /// Sets the property to each value of `source` until `source` ends or the property goes
  /// away.
  ///
  /// A producer is started at once and a signal observed from now on; a property sends its
  /// current value first. The binding keeps the property alive only weakly: when the property
  /// goes away (its ``lifetime`` ends), the binding stops and releases the source's work.
  ///
  /// ```swift
  /// let label = MutableProperty("")
  /// label <~ count.producer.map { "\($0) items" }
  /// ```
  ///
  /// - Parameters:
  ///   - target: The property to set.
  ///   - source: The values to set it to.
  /// - Returns: A disposable that ends the binding early.
  @discardableResult
  public static func <~ <Source: BindingSource>(
    target: MutableProperty<Value>,
    source: Source
  ) -> any Disposable where Source.Value == Value {
    source.producer
      .take(during: target.lifetime)
      .startWithValues { [weak target] value in target?.value = value }
  }
}
