// SPDX-License-Identifier: Apache-2.0

/// The shared state between an observation feeding values and the task iterating over them.
///
/// The observer side calls ``receive(_:)`` with serialized events; the iterating task calls
/// ``next(isolation:)``. Whichever comes first waits for the other: values wait in the buffer, a
/// task waits in a continuation. The observation is disposed when the task is cancelled or the
/// buffer is released.
package final class AsyncValueBuffer<Element, Failure: Swift.Error>: @unchecked Sendable {
  private typealias Outcome = UncheckedSendable<Result<Element?, Failure>>
  private typealias Waiter = CheckedContinuation<Outcome, Never>

  private struct State {
    var buffered = FIFOQueue<Element>()
    var waiter: Waiter?
    /// How the stream ended, once it has; a failure is reported once, then becomes `.success`.
    var ending: Result<Void, Failure>?

    var count: Int { buffered.count }

    mutating func popFirst() -> Element? {
      buffered.popFirst()
    }

    mutating func takeEnding() -> Result<Element?, Failure>? {
      switch ending {
      case nil: return nil
      case .success: return .success(nil)
      case .failure(let error):
        ending = .success(())
        return .failure(error)
      }
    }
  }

  private let policy: AsyncValues<Element, Failure>.BufferingPolicy
  private let state = Locked(State())
  private let observation = SerialDisposable()

  package init(policy: AsyncValues<Element, Failure>.BufferingPolicy) {
    self.policy = policy
  }

  deinit {
    observation.dispose()
  }

  /// An observer that feeds this buffer without keeping it alive.
  package func makeObserver() -> Signal<Element, Failure>.Observer {
    Signal.Observer { [weak self] event in self?.receive(event) }
  }

  /// Ties the observation to this buffer: it is disposed on cancellation or release.
  package func attach(_ disposable: (any Disposable)?) {
    observation.inner = disposable
  }

  // MARK: Observer side

  package func receive(_ event: Signal<Element, Failure>.Event) {
    let resumed: (Waiter, Outcome)? = state.withLock { state in
      guard state.ending == nil else { return nil }
      switch event {
      case .value(let value):
        if let waiter = state.waiter {
          state.waiter = nil
          return (waiter, Outcome(.success(value)))
        }
        buffer(value, in: &state)
        return nil
      case .failed(let error):
        state.ending = .failure(error)
      case .completed, .interrupted:
        state.ending = .success(())
      }
      guard let waiter = state.waiter else { return nil }
      // A waiting task means the buffer is empty: it gets the ending now.
      state.waiter = nil
      return (waiter, Outcome(state.takeEnding()!))
    }
    if let (waiter, outcome) = resumed { waiter.resume(returning: outcome) }
  }

  private func buffer(_ value: Element, in state: inout State) {
    switch policy {
    case .unbounded:
      state.buffered.append(value)
    case .bufferingOldest(let limit):
      if state.count < limit { state.buffered.append(value) }
    case .bufferingNewest(let limit):
      guard limit > 0 else { return }
      state.buffered.append(value)
      if state.count > limit { _ = state.popFirst() }
    }
  }

  // MARK: Iterating side

  package func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Element? {
    if let ready = state.withLock({ Self.takeReady(&$0) }) { return try ready.get() }
    let outcome = await withTaskCancellationHandler {
      await withCheckedContinuation(isolation: actor) { (waiter: Waiter) in
        let ready = state.withLock { state -> Result<Element?, Failure>? in
          if let ready = Self.takeReady(&state) { return ready }
          if state.waiter != nil {
            fatalError(
              """
              AsyncValues<\(Element.self), \(Failure.self)>: next() was called from two tasks \
              at once. Iterate the sequence from one task at a time.
              """)
          }
          state.waiter = waiter
          return nil
        }
        if let ready { waiter.resume(returning: Outcome(ready)) }
      }
    } onCancel: {
      cancel()
    }
    return try outcome.value.get()
  }

  private static func takeReady(_ state: inout State) -> Result<Element?, Failure>? {
    if let element = state.popFirst() { return .success(element) }
    return state.takeEnding()
  }

  /// Ends the iteration: drops the buffer, wakes a waiting task with `nil`, and disposes the
  /// observation.
  private func cancel() {
    let waiter = state.withLock { state -> Waiter? in
      state.ending = .success(())
      state.buffered = FIFOQueue()
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: Outcome(.success(nil)))
    observation.dispose()
  }
}
