// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// Records the events an observer receives, from any thread, and checks how they were delivered.
///
/// Besides the events, the recorder notices two contract breaches: an observer called while a
/// previous call is still running (``overlappingCalls``), and an event after a terminal event
/// (``eventsAfterTermination``).
public final class EventRecorder<Value, Error: Swift.Error>: @unchecked Sendable {
  private let state = Locked<(events: [Signal<Value, Error>.Event], afterTermination: Int)>(
    ([], 0))
  private let inFlight = Counter()
  private let overlaps = Counter()

  /// Creates an empty recorder.
  public init() {}

  /// An observer that records into this recorder.
  public var observer: Signal<Value, Error>.Observer {
    Signal.Observer { [self] event in record(event) }
  }

  /// Records `event`.
  public func record(_ event: Signal<Value, Error>.Event) {
    if inFlight.increment() > 1 { overlaps.increment() }
    defer { inFlight.decrement() }
    state.withLock { state in
      if state.events.last?.isTerminating == true { state.afterTermination += 1 }
      state.events.append(event)
    }
  }

  /// Every event so far, in order.
  public var events: [Signal<Value, Error>.Event] { state.current.events }

  /// The values so far, in order.
  public var values: [Value] { events.compactMap(\.value) }

  /// The terminal events so far; a well-formed stream has at most one.
  public var terminalEvents: [Signal<Value, Error>.Event] {
    events.filter(\.isTerminating)
  }

  /// Whether a terminal event has been recorded.
  public var isTerminated: Bool { !terminalEvents.isEmpty }

  /// How many calls started while another call was still running.
  public var overlappingCalls: Int { overlaps.value }

  /// How many events arrived after a terminal event.
  public var eventsAfterTermination: Int { state.current.afterTermination }
}
