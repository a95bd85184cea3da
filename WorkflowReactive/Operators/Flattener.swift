// SPDX-License-Identifier: Apache-2.0

/// Runs the inner producers of a flatten with a ``FlattenStrategy`` and forwards their events.
///
/// The outer stream and the inner runs may send on any thread. The lock guards the state and
/// is held while a value is forwarded, so that a value of an inner run that `latest` has just
/// replaced can no longer slip out. Inner runs are started and disposed without it: their work
/// may take other locks, and an inner run on another thread may be waiting for this one.
final class Flattener<Value, Error: Swift.Error>: @unchecked Sendable {
  typealias Inner = SignalProducer<Value, Error>

  private let strategy: FlattenStrategy
  private let observer: Signal<Value, Error>.Observer
  private let lifetime: Lifetime
  private let lock = SendLock()
  private var running: [Int: CompositeDisposable] = [:]
  private var waiting = FIFOQueue<Inner>()
  private var nextID = 0
  // One caller at a time starts inner runs; the others leave them in `waiting`. This also keeps
  // a synchronous `concat` from recursing once per inner run.
  private var isStarting = false
  private var isOuterCompleted = false
  private var isTerminated = false
  /// The inner run that won a `race`, once one has sent an event.
  private var winner: Int?

  /// - Parameters:
  ///   - observer: A serializing input (a generator's observer): it receives the result.
  ///   - lifetime: The result's lifetime; inner runs belong to it.
  init(_ strategy: FlattenStrategy, _ observer: Signal<Value, Error>.Observer, _ lifetime: Lifetime)
  {
    if case .concurrent(let limit) = strategy {
      precondition(
        limit > 0, "FlattenStrategy.concurrent(limit:) received a limit of 0; pass 1 or more.")
    }
    self.strategy = strategy
    self.observer = observer
    self.lifetime = lifetime
  }

  // MARK: Outer events

  func receiveOuter(_ event: Signal<Inner, Error>.Event) {
    switch event {
    case .value(let inner):
      let replaced = lock.withReentrantLock { () -> [CompositeDisposable] in
        guard !isTerminated else { return [] }
        switch strategy {
        case .race where winner != nil: return []
        case .throttle where !running.isEmpty || !waiting.isEmpty: return []
        case .latest: break
        default:
          waiting.append(inner)
          return []
        }
        waiting.removeAll()
        waiting.append(inner)
        defer { running = [:] }
        return Array(running.values)
      }
      for run in replaced { run.dispose() }
      startWaiting()
    case .completed:
      let isDone = lock.withReentrantLock {
        isOuterCompleted = true
        return isDoneLocked
      }
      if isDone { terminate(.completed) }
    case .failed(let error): terminate(.failed(error))
    case .interrupted: terminate(.interrupted)
    }
  }

  // MARK: Inner events

  private func receiveInner(_ event: Signal<Value, Error>.Event, from id: Int) {
    if case .race = strategy {
      let losers = lock.withReentrantLock { () -> [CompositeDisposable]? in
        guard winner == nil else { return [] }
        guard running[id] != nil else { return nil }
        winner = id
        defer { running = running.filter { $0.key == id } }
        return running.filter { $0.key != id }.map(\.value)
      }
      guard let losers else { return }
      for run in losers { run.dispose() }
    }
    switch event {
    case .value(let value):
      lock.withReentrantLock {
        if running[id] != nil { observer.send(value: value) }
      }
    case .interrupted where !strategy.propagatesInnerInterruption, .completed:
      let isCurrent = lock.withReentrantLock { running.removeValue(forKey: id) != nil }
      guard isCurrent else { return }
      // The next waiting run may start now; when none is left, the result may be complete.
      startWaiting()
    case .failed, .interrupted:
      let isCurrent = lock.withReentrantLock { running[id] != nil }
      if isCurrent { terminate(event) }
    }
  }

  // MARK: Transitions

  private var isDoneLocked: Bool {
    !isTerminated && isOuterCompleted && running.isEmpty && waiting.isEmpty && !isStarting
  }

  private enum Step {
    case start(Inner, id: Int, run: CompositeDisposable)
    case complete
    case stop
  }

  private func startWaiting() {
    let isStarter = lock.withReentrantLock { () -> Bool in
      guard !isStarting else { return false }
      isStarting = true
      return true
    }
    guard isStarter else { return }
    while true {
      switch lock.withReentrantLock({ nextStepLocked() }) {
      case .start(let inner, let id, let run):
        inner.startRun(in: lifetime, disposables: run) { [self] event in
          receiveInner(event, from: id)
        }
      case .complete:
        terminate(.completed)
        return
      case .stop:
        return
      }
    }
  }

  private func nextStepLocked() -> Step {
    let canStart: Bool
    switch strategy {
    case .merge, .latest, .race, .throttle: canStart = true
    case .concat: canStart = running.isEmpty
    case .concurrent(let limit): canStart = running.count < limit
    }
    if !isTerminated, canStart, !waiting.isEmpty {
      let inner = waiting.popFirst()!
      let id = nextID
      nextID += 1
      let run = CompositeDisposable()
      running[id] = run
      return .start(inner, id: id, run: run)
    }
    isStarting = false
    return isDoneLocked ? .complete : .stop
  }

  private func terminate(_ event: Signal<Value, Error>.Event) {
    let runs = lock.withReentrantLock { () -> [CompositeDisposable]? in
      guard !isTerminated else { return nil }
      isTerminated = true
      waiting = FIFOQueue()
      defer { running = [:] }
      return Array(running.values)
    }
    guard let runs else { return }
    observer.send(event)
    for run in runs { run.dispose() }
  }
}
