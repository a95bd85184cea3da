// SPDX-License-Identifier: Apache-2.0

extension Action {
  /// Creates an action whose work receives the latest value of `state`; it is always enabled
  /// when no unit of work is running.
  ///
  /// - Parameters:
  ///   - state: The property whose latest value each unit of work receives; kept alive.
  ///   - execute: Makes the unit of work for the latest state and the input.
  public convenience init<P: PropertyProtocol>(
    state: P,
    execute: @escaping (P.Value, Input) -> SignalProducer<Output, Error>
  ) {
    self.init(state: state, enabledIf: { _ in true }, execute: execute)
  }

  /// Creates an action that is enabled while `isEnabled` is `true`.
  ///
  /// - Parameters:
  ///   - isEnabled: Whether the action may start work; kept alive.
  ///   - execute: Makes the unit of work for an input.
  public convenience init<P: PropertyProtocol>(
    enabledIf isEnabled: P,
    execute: @escaping (Input) -> SignalProducer<Output, Error>
  ) where P.Value == Bool {
    self.init(state: isEnabled, enabledIf: { $0 }) { _, input in execute(input) }
  }

  /// Creates an action that is enabled while `state` holds a value, and hands that value to
  /// its work.
  ///
  /// - Parameters:
  ///   - state: A property of an optional; `nil` disables the action. Kept alive.
  ///   - execute: Makes the unit of work for the unwrapped state and the input.
  public convenience init<P: PropertyProtocol, T>(
    unwrapping state: P,
    execute: @escaping (T, Input) -> SignalProducer<Output, Error>
  ) where P.Value == T? {
    self.init(state: state, enabledIf: { $0 != nil }) { value, input in
      // Enabled only for a non-nil value, and the checked value is the one passed here.
      execute(value!, input)
    }
  }

  /// Creates an action that is enabled while `state` holds a valid value, and hands that
  /// value (or its coerced replacement) to its work.
  ///
  /// - Parameters:
  ///   - state: The validating property; kept alive.
  ///   - execute: Makes the unit of work for the valid value and the input.
  public convenience init<T, E>(
    validated state: ValidatingProperty<T, E>,
    execute: @escaping (T, Input) -> SignalProducer<Output, Error>
  ) {
    self.init(unwrapping: state.result.map { $0.value }, execute: execute)
  }

  /// Creates an action that is always enabled when no unit of work is running.
  ///
  /// - Parameter execute: Makes the unit of work for an input.
  public convenience init(execute: @escaping (Input) -> SignalProducer<Output, Error>) {
    self.init(enabledIf: Property(value: true), execute: execute)
  }
}

extension Action where Input == Void {
  /// A producer that, each time it is started, runs one unit of work.
  ///
  /// The same as ``apply(_:)`` with `()`.
  public func apply() -> SignalProducer<Output, ActionError<Error>> {
    apply(())
  }

  /// Creates an action whose work receives the latest value of `state`.
  ///
  /// - Parameters:
  ///   - state: The property whose latest value each unit of work receives; kept alive.
  ///   - execute: Makes the unit of work for the latest state.
  public convenience init<P: PropertyProtocol, T>(
    state: P,
    execute: @escaping (T) -> SignalProducer<Output, Error>
  ) where P.Value == T {
    self.init(state: state) { value, _ in execute(value) }
  }

  /// Creates an action that is enabled while `state` holds a value, and hands that value to
  /// its work.
  ///
  /// - Parameters:
  ///   - state: A property of an optional; `nil` disables the action. Kept alive.
  ///   - execute: Makes the unit of work for the unwrapped state.
  public convenience init<P: PropertyProtocol, T>(
    unwrapping state: P,
    execute: @escaping (T) -> SignalProducer<Output, Error>
  ) where P.Value == T? {
    self.init(unwrapping: state) { value, _ in execute(value) }
  }

  /// Creates an action that is enabled while `state` holds a valid value, and hands that
  /// value to its work.
  ///
  /// - Parameters:
  ///   - state: The validating property; kept alive.
  ///   - execute: Makes the unit of work for the valid value.
  public convenience init<T, E>(
    validated state: ValidatingProperty<T, E>,
    execute: @escaping (T) -> SignalProducer<Output, Error>
  ) {
    self.init(validated: state) { value, _ in execute(value) }
  }
}
