// SPDX-License-Identifier: Apache-2.0

extension SignalProducer {
  /// A producer that shares one run of this producer among all its runs and replays up to
  /// `capacity` of the latest values to each new one.
  ///
  /// This producer is started the first time the result is, and only then. Each later run of
  /// the result first receives the kept values (and the terminal event, once there is one),
  /// then every new event. The shared run is disposed when the result and all its runs have
  /// gone away.
  ///
  /// - Parameter capacity: How many of the latest values to keep; must not be negative.
  public func replayLazily(upTo capacity: Int) -> SignalProducer<Value, Error> {
    precondition(
      capacity >= 0,
      """
      SignalProducer<\(Value.self), \(Error.self)>.replayLazily(upTo:) received a negative \
      capacity \(capacity); pass zero or more.
      """)
    let replay = Replay(self, capacity: capacity)
    let token = ReplayToken(replay)
    return .serialized { observer, lifetime in
      // Every run keeps the shared run going until the run ends, like the producer itself.
      lifetime.observeEnded { withExtendedLifetime(token) {} }
      replay.attach(observer, lifetime)
    }
  }
}

/// Disposes the shared run of a replay when the last producer or run holding it goes away.
private final class ReplayToken<Value, Error: Swift.Error>: @unchecked Sendable {
  private let replay: Replay<Value, Error>

  init(_ replay: Replay<Value, Error>) {
    self.replay = replay
  }

  deinit {
    replay.run.dispose()
  }
}

/// The shared run of a replay, the values it keeps, and the runs it feeds.
///
/// Events are delivered, and new runs catch up, holding one lock, so a new run receives the
/// kept values before any newer one. The lock is re-entrant: a run may start the replay again
/// from inside a delivery.
private final class Replay<Value, Error: Swift.Error>: @unchecked Sendable {
  private let source: SignalProducer<Value, Error>
  private let capacity: Int
  private let lock = SendLock()
  let run = CompositeDisposable()
  private var isStarted = false
  private var kept = FIFOQueue<Value>()
  private var keptCount = 0
  private var terminal: Signal<Value, Error>.Event?
  private var observers = Bag<Signal<Value, Error>.Observer>()

  init(_ source: SignalProducer<Value, Error>, capacity: Int) {
    self.source = source
    self.capacity = capacity
  }

  func attach(_ observer: Signal<Value, Error>.Observer, _ lifetime: Lifetime) {
    let shouldStart = lock.withReentrantLock { () -> Bool in
      var replayed = kept
      while let value = replayed.popFirst() { observer.send(value: value) }
      if let terminal {
        observer.send(terminal)
        return false
      }
      let token = observers.insert(observer)
      lifetime.observeEnded { [weak self] in self?.detach(token) }
      defer { isStarted = true }
      return !isStarted
    }
    guard shouldStart else { return }
    source.startProtected(
      Signal.Observer { [weak self] event in self?.deliver(event) }, Lifetime(run))
  }

  private func detach(_ token: Bag<Signal<Value, Error>.Observer>.Token) {
    lock.withReentrantLock { _ = observers.remove(using: token) }
  }

  private func deliver(_ event: Signal<Value, Error>.Event) {
    lock.withReentrantLock {
      guard terminal == nil else { return }
      switch event {
      case .value(let value):
        if capacity > 0 {
          if keptCount == capacity { _ = kept.popFirst() } else { keptCount += 1 }
          kept.append(value)
        }
      case .failed, .completed, .interrupted:
        terminal = event
      }
      for observer in observers { observer.send(event) }
      if event.isTerminating { observers = Bag() }
    }
    if event.isTerminating { run.dispose() }
  }
}
