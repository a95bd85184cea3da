// SPDX-License-Identifier: Apache-2.0

/// A namespace for reactive extensions of `Base`, reached through `base.reactive`.
///
/// Extend `Reactive` where `Base` is your type to add streams and binding targets without
/// crowding the type's own members; `thermometer.reactive.readings` then reaches this one:
///
/// ```swift
/// extension Reactive where Base: Thermometer {
///   var readings: Signal<Double, Never> { base.readingsSignal }
/// }
/// ```
public struct Reactive<Base> {
  /// The value the extensions act on.
  public let base: Base

  /// Creates the namespace for `base`.
  public init(_ base: Base) {
    self.base = base
  }
}

/// A type whose values (and the type itself) have a ``Reactive`` namespace.
public protocol ReactiveExtensionsProvider {}

extension ReactiveExtensionsProvider {
  /// The reactive extensions of this value.
  public var reactive: Reactive<Self> { Reactive(self) }

  /// The reactive extensions of this type, for static members.
  public static var reactive: Reactive<Self>.Type { Reactive<Self>.self }
}
