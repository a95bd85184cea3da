// SPDX-License-Identifier: Apache-2.0

/// Sends values into the workflow runtime: the way a rendering talks back to its workflow.
///
/// A sink made in render stays usable after that render: it reaches its node's current state for
/// as long as the node lives, and does nothing once the node is gone. Sinks may be used from any
/// thread; a value sent off the main actor is handed to it and handled there.
///
/// ```swift
/// let sink = context.makeSink(of: Action.self)
/// let textSink = sink.contraMap { (text: String) in Action.rename(text) }
/// ```
public struct Sink<Value> {
  @usableFromInline let target: SinkTarget<Value>

  @usableFromInline
  init(target: SinkTarget<Value>) {
    self.target = target
  }

  /// Creates a sink that calls `onValue` for every value, on the thread that sends it.
  ///
  /// Useful in tests and previews, where no runtime is involved.
  public init(_ onValue: @escaping (Value) -> Void) {
    target = ClosureSinkTarget(onValue)
  }

  /// Sends `value`.
  ///
  /// On the main actor, with the runtime idle, the action is applied and the new rendering
  /// produced before this method returns. Sending while a workflow renders is a programmer
  /// error and traps.
  public func send(_ value: Value) {
    target.receive(value)
  }

  /// Returns a sink that transforms each value with `transform`, then sends it here.
  public func contraMap<NewValue>(
    _ transform: @escaping (NewValue) -> Value
  ) -> Sink<NewValue> {
    Sink<NewValue>(target: MappedSinkTarget(base: target, transform: transform))
  }
}

// Unchecked, and the only way into the runtime from another thread: a sink's target is one of
// three kinds, none of them Sendable. A node's target (which holds the runtime and the node, both
// confined to the main actor) checks MainQueue.isCurrent and otherwise only posts the value to
// the runtime's locked inbox, delivered on the main queue; a closure target (init(_:)) and a
// mapped one (contraMap) call their closures on the sending thread, which, as in workflow-swift,
// need not be @Sendable.
extension Sink: @unchecked Sendable {}
