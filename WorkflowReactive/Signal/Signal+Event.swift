// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// One event of a signal: any number of values, then at most one terminal event.
  public enum Event {
    /// A value.
    case value(Value)
    /// The stream ended with an error.
    case failed(Error)
    /// The stream ended normally.
    case completed
    /// The stream was cut short: its producer was disposed or its source went away.
    case interrupted

    /// Whether this event ends the stream.
    public var isTerminating: Bool {
      if case .value = self { false } else { true }
    }

    /// The value this event carries, if any.
    public var value: Value? {
      if case .value(let value) = self { value } else { nil }
    }

    /// The error this event carries, if any.
    public var error: Error? {
      if case .failed(let error) = self { error } else { nil }
    }

    /// The same event with its value transformed.
    public func map<U>(_ transform: (Value) throws -> U) rethrows -> Signal<U, Error>.Event {
      switch self {
      case .value(let value): .value(try transform(value))
      case .failed(let error): .failed(error)
      case .completed: .completed
      case .interrupted: .interrupted
      }
    }

    /// The same event with its error transformed.
    public func mapError<F>(_ transform: (Error) throws -> F) rethrows -> Signal<Value, F>.Event {
      switch self {
      case .value(let value): .value(value)
      case .failed(let error): .failed(try transform(error))
      case .completed: .completed
      case .interrupted: .interrupted
      }
    }
  }
}

extension Signal.Event: Equatable where Value: Equatable, Error: Equatable {}

extension Signal.Event: CustomStringConvertible {
  public var description: String {
    switch self {
    case .value(let value): "value \(value)"
    case .failed(let error): "failed \(error)"
    case .completed: "completed"
    case .interrupted: "interrupted"
    }
  }
}

extension Signal.Event: Sendable where Value: Sendable, Error: Sendable {}
