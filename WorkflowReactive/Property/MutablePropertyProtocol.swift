// SPDX-License-Identifier: Apache-2.0

/// A property whose value can be set, and which `<~` can bind to.
public protocol MutablePropertyProtocol<Value>: PropertyProtocol, BindingTargetProvider {
  /// The current value; setting it notifies the observers.
  var value: Value { get set }

  /// The lifetime of the property: it ends when the property goes away.
  var lifetime: Lifetime { get }
}

extension MutablePropertyProtocol {
  /// A target that sets the property, held weakly, until the property goes away.
  public var bindingTarget: BindingTarget<Value> {
    BindingTarget(lifetime: lifetime) { [weak self] value in self?.value = value }
  }
}

extension MutableProperty: MutablePropertyProtocol {}
