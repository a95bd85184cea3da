// SPDX-License-Identifier: Apache-2.0

/// What every sink target is, whatever the type of its values: a node keeps its targets as such.
///
/// Not a protocol: a node's teardown, which runs unspecialized, copied optional existentials of
/// one through metadata looked up at run time (R4 +16%).
@usableFromInline
class AnySinkTarget {
  /// Lets go of the node the target delivers to, if any: later sends do nothing.
  @usableFromInline
  func detach() {}
}

/// Where a ``Sink`` delivers its values; subclassed per kind of destination.
///
/// A class rather than a closure so that a node can hand out the same target on every render
/// without allocating. Not `Sendable` itself: ``Sink`` says why it may cross threads.
@usableFromInline
class SinkTarget<Value>: AnySinkTarget {
  func receive(_ value: Value) {
    preconditionFailure("SinkTarget<\(Value.self)> is only used through a subclass")
  }
}

/// Calls a closure on the sending thread.
final class ClosureSinkTarget<Value>: SinkTarget<Value> {
  private let onValue: (Value) -> Void

  init(_ onValue: @escaping (Value) -> Void) {
    self.onValue = onValue
  }

  override func receive(_ value: Value) {
    onValue(value)
  }
}

/// Transforms each value, then forwards it to another target.
final class MappedSinkTarget<Value, Base>: SinkTarget<Value> {
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
