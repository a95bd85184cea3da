// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Forwards the values of all `signals` as they arrive.
  ///
  /// The merged signal completes when every input has completed (at once when there are none),
  /// and fails or is interrupted as soon as any input does.
  public static func merge<S: Sequence>(_ signals: S) -> Signal<Value, Error>
  where S.Element == Signal<Value, Error> {
    let signals = Array(signals)
    return Signal { observer, lifetime in
      let merger = Merger(observer, sourceCount: signals.count)
      for signal in signals where !lifetime.hasEnded {
        lifetime += signal.observe(merger.receive)
      }
    }
  }

  /// Forwards the values of all `signals` as they arrive.
  ///
  /// The merged signal completes when every input has completed, and fails or is interrupted as
  /// soon as any input does.
  public static func merge(_ signals: Signal<Value, Error>...) -> Signal<Value, Error> {
    merge(signals)
  }
}

extension SignalProducer {
  /// Starts all `producers` together and forwards their values as they arrive.
  ///
  /// The merged run completes when every input has completed (at once when there are none).
  /// It fails or is interrupted as soon as any input does, and then disposes the others.
  public static func merge<S: Sequence>(_ producers: S) -> SignalProducer<Value, Error>
  where S.Element == SignalProducer<Value, Error> {
    let producers = Array(producers)
    return SignalProducer { observer, lifetime in
      let merger = Merger(observer, sourceCount: producers.count)
      for producer in producers where !lifetime.hasEnded {
        producer.startRun(in: lifetime, merger.receive)
      }
    }
  }

  /// Starts all `producers` together and forwards their values as they arrive.
  ///
  /// The merged run completes when every input has completed. It fails or is interrupted as
  /// soon as any input does, and then disposes the others.
  public static func merge(
    _ producers: SignalProducer<Value, Error>...
  ) -> SignalProducer<Value, Error> {
    merge(producers)
  }
}

/// Counts the inputs of a merge that have not completed yet.
private final class Merger<Value, Error: Swift.Error>: @unchecked Sendable {
  private let observer: Signal<Value, Error>.Observer
  private let remaining: Locked<Int>

  /// - Parameter observer: A serializing input (a generator's observer): the inputs may send
  ///   concurrently and only the count is guarded here.
  init(_ observer: Signal<Value, Error>.Observer, sourceCount: Int) {
    self.observer = observer
    self.remaining = Locked(sourceCount)
    if sourceCount == 0 { observer.sendCompleted() }
  }

  func receive(_ event: Signal<Value, Error>.Event) {
    guard case .completed = event else {
      observer.send(event)
      return
    }
    let isLast = remaining.withLock { count in
      count -= 1
      return count == 0
    }
    if isLast { observer.sendCompleted() }
  }
}
