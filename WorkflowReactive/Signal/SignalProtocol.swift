// SPDX-License-Identifier: Apache-2.0

/// A type that is a ``Signal``, for generic code and constrained extensions over signals.
///
/// ```swift
/// extension SignalProtocol where Value == Int {
///   var doubled: Signal<Int, Error> { signal.map { $0 * 2 } }
/// }
/// ```
public protocol SignalProtocol<Value, Error> {
  /// The type of the values.
  associatedtype Value
  /// The type of the error the signal may fail with.
  associatedtype Error: Swift.Error

  /// The signal itself.
  var signal: Signal<Value, Error> { get }
}

extension Signal: SignalProtocol {
  /// The signal itself.
  public var signal: Signal<Value, Error> { self }
}
