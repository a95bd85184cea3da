// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Forwards the values that are not `nil`, unwrapped.
  public func skipNil<Wrapped>() -> Signal<Wrapped, Error> where Value == Wrapped? {
    compactMap { $0 }
  }
}

extension SignalProducer {
  /// Forwards the values that are not `nil`, unwrapped.
  public func skipNil<Wrapped>() -> SignalProducer<Wrapped, Error> where Value == Wrapped? {
    compactMap { $0 }
  }
}
