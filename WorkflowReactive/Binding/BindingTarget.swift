// SPDX-License-Identifier: Apache-2.0

/// Something `<~` can bind values to.
///
/// ``MutableProperty``, ``ValidatingProperty``, ``Action`` and ``BindingTarget`` itself are
/// providers; make your own type one by returning a ``BindingTarget`` that sets it.
public protocol BindingTargetProvider<Value> {
  /// The type of the values the target takes.
  associatedtype Value

  /// The target that bindings send values to.
  var bindingTarget: BindingTarget<Value> { get }
}

/// A target for `<~`: what to do with each value, and the lifetime that ends every binding to
/// it.
///
/// ```swift
/// let (lifetime, token) = Lifetime.make()
/// let printer = BindingTarget<String>(lifetime: lifetime) { print($0) }
/// printer <~ names.producer
/// ```
public struct BindingTarget<Value>: BindingTargetProvider {
  /// When it ends, every binding to this target stops.
  public let lifetime: Lifetime

  /// Receives each bound value.
  public let action: (Value) -> Void

  /// The target itself.
  public var bindingTarget: BindingTarget<Value> { self }

  /// Creates a target that runs `action` for each value until `lifetime` ends.
  public init(lifetime: Lifetime, action: @escaping (Value) -> Void) {
    self.lifetime = lifetime
    self.action = action
  }

  /// Creates a target that runs `action` on `scheduler` for each value until `lifetime` ends.
  public init(on scheduler: any Scheduler, lifetime: Lifetime, action: @escaping (Value) -> Void) {
    self.init(lifetime: lifetime) { value in
      scheduler.schedule { action(value) }
    }
  }

  /// Creates a target that sets `object`'s property at `keyPath` to each value, on
  /// `scheduler`, until `lifetime` ends.
  ///
  /// The target holds `object` weakly.
  public init<Object: AnyObject>(
    on scheduler: any Scheduler = ImmediateScheduler(),
    lifetime: Lifetime,
    object: Object,
    keyPath: WritableKeyPath<Object, Value>
  ) {
    self.init(on: scheduler, lifetime: lifetime) { [weak object] value in
      object?[keyPath: keyPath] = value
    }
  }
}
