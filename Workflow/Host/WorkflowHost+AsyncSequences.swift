// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

extension WorkflowHost {
  /// The current rendering, then every new one, as an asynchronous sequence.
  ///
  /// Renderings are buffered without limit, so none is missed; the sequence ends when the host
  /// goes away, and cancelling the iterating task stops the observation.
  public var renderings: AsyncStream<WorkflowType.Rendering> {
    makeStream(from: rendering.producer)
  }

  /// The root's outputs from now on, as an asynchronous sequence.
  ///
  /// Outputs are buffered without limit; the sequence ends when the host goes away.
  public var outputs: AsyncStream<WorkflowType.Output> {
    makeStream(from: SignalProducer(output))
  }

  private func makeStream<Value>(from producer: SignalProducer<Value, Never>) -> AsyncStream<Value>
  {
    let (stream, continuation) = AsyncStream<Value>.makeStream()
    let box = UncheckedSendable(continuation)
    let disposable = producer.start { event in
      switch event {
      case .value(let value):
        // The host publishes on the main actor and the stream hands each value over once.
        nonisolated(unsafe) let handedOver = value
        box.value.yield(handedOver)
      case .completed, .interrupted, .failed: box.value.finish()
      }
    }
    continuation.onTermination = { _ in disposable.dispose() }
    return stream
  }
}
