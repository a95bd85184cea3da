// SPDX-License-Identifier: Apache-2.0

/// Where a ``Sink`` delivers its values; subclassed per kind of destination.
///
/// A class rather than a closure so that a node can hand out the same target on every render
/// without allocating.
@usableFromInline
class SinkTarget<Value>: @unchecked Sendable {
  func receive(_ value: Value) {
    preconditionFailure("SinkTarget<\(Value.self)> is only used through a subclass")
  }
}

/// Calls a closure on the sending thread.
final class ClosureSinkTarget<Value>: SinkTarget<Value>, @unchecked Sendable {
  private let onValue: (Value) -> Void

  init(_ onValue: @escaping (Value) -> Void) {
    self.onValue = onValue
  }

  override func receive(_ value: Value) {
    onValue(value)
  }
}

/// Transforms each value, then forwards it to another target.
final class MappedSinkTarget<Value, Base>: SinkTarget<Value>, @unchecked Sendable {
  private let base: SinkTarget<Base>
  private let transform: (Value) -> Base

  init(base: SinkTarget<Base>, transform: @escaping (Value) -> Base) {
    self.base = base
    self.transform = transform
  }

  override func receive(_ value: Value) {
    base.receive(transform(value))
  }
}
