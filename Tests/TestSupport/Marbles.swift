// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// The error a marble string's `#` sends.
public struct MarbleError: Swift.Error, Equatable {
  /// Creates the marble error.
  public init() {}
}

/// Writes event timelines as marble strings and records signals as marble strings, on the
/// virtual time of a `TestScheduler`.
///
/// A marble string reads left to right, one character per tick: `-` is a tick without events,
/// `|` completion, `#` failure with `MarbleError`, `!` interruption, and any other character a
/// value (the character as a `String`). Events that share a tick are grouped in parentheses,
/// `(ab|)`, and the group takes one tick. Spaces are ignored.
///
/// ```swift
/// let marbles = Marbles()
/// let input = marbles.signal("ab---c---|")
/// #expect(marbles.record(input.debounce(.seconds(2), on: marbles.scheduler)) == "---b---c-|")
/// ```
///
/// Ticks count from the moment the `Marbles` was made, for inputs and recordings alike.
public final class Marbles: Sendable {
  /// The event a marble string describes.
  public typealias Event = Signal<String, MarbleError>.Event

  /// The virtual clock the timelines run on.
  public let scheduler: TestScheduler

  /// The virtual time one character stands for.
  public let tick: Duration

  private let origin: ContinuousClock.Instant
  // Inputs of the signals made here: released, they would interrupt their signals.
  private let inputs = Locked<[Signal<String, MarbleError>.Observer]>([])

  /// Creates marbles on a new test scheduler.
  ///
  /// - Parameter tick: The virtual time one character stands for.
  public init(tick: Duration = .seconds(1)) {
    scheduler = TestScheduler()
    self.tick = tick
    origin = scheduler.now
  }

  /// The date of tick `index`, counted from the origin.
  public func date(ofTick index: Int) -> ContinuousClock.Instant {
    origin + tick * index
  }

  /// A signal that sends the events of `marbles` as the scheduler reaches their ticks.
  public func signal(_ marbles: String) -> Signal<String, MarbleError> {
    let (signal, input) = Signal<String, MarbleError>.pipe()
    inputs.withLock { $0.append(input) }
    for (index, events) in Marbles.parse(marbles).enumerated() {
      for event in events {
        scheduler.schedule(after: date(ofTick: index)) { input.send(event) }
      }
    }
    return signal
  }

  /// A producer whose every run sends the events of `marbles`, ticks counted from its start.
  public func producer(_ marbles: String) -> SignalProducer<String, MarbleError> {
    let timeline = Marbles.parse(marbles)
    return SignalProducer { [scheduler, tick] observer, lifetime in
      let start = scheduler.now
      for (index, events) in timeline.enumerated() {
        for event in events {
          lifetime += scheduler.schedule(after: start + tick * index) { observer.send(event) }
        }
      }
      // Keeps the observer until the run ends, so running out of events does not interrupt.
      lifetime.observeEnded { withExtendedLifetime(observer) {} }
    }
  }

  /// Observes `signal`, moves the clock, and returns what it sent as a marble string.
  ///
  /// - Parameters:
  ///   - signal: The signal to record.
  ///   - lastTick: The tick to advance to; when `nil`, the scheduler runs until only repeating
  ///     actions are left (`TestScheduler.run()`).
  /// - Returns: The events by tick from the origin, up to the last event (no trailing `-`).
  public func record<Value, Error>(_ signal: Signal<Value, Error>, through lastTick: Int? = nil)
    -> String
  {
    record(through: lastTick) { signal.observe($0) }
  }

  /// Starts `producer`, moves the clock, disposes the run, and returns what it sent as a
  /// marble string.
  ///
  /// - Parameters:
  ///   - producer: The producer to record; it starts at the current virtual time.
  ///   - lastTick: The tick to advance to; when `nil`, the scheduler runs until only repeating
  ///     actions are left (`TestScheduler.run()`).
  /// - Returns: The events by tick from the origin, up to the last event (no trailing `-`).
  ///   An interruption caused by the final disposal is not recorded.
  public func record<Value, Error>(
    _ producer: SignalProducer<Value, Error>,
    through lastTick: Int? = nil
  ) -> String {
    record(through: lastTick) { producer.start($0) }
  }

  private func record<Value, Error>(
    through lastTick: Int?,
    attaching attach: (Signal<Value, Error>.Observer) -> (any Disposable)?
  ) -> String {
    let recorded = Locked<[(date: ContinuousClock.Instant, mark: String)]>([])
    let isDone = Locked(false)
    let observation = attach(
      Signal.Observer { [scheduler] event in
        let date = scheduler.now
        // The final disposal's own interruption is not part of the recording.
        guard !isDone.current else { return }
        recorded.withLock { $0.append((date, Marbles.mark(for: event))) }
      })
    if let lastTick {
      scheduler.advance(to: date(ofTick: lastTick))
    } else {
      scheduler.run()
    }
    isDone.withLock { $0 = true }
    observation?.dispose()
    return render(recorded.current)
  }

  // MARK: Parsing and rendering

  /// The events of each tick of `marbles`.
  public static func parse(_ marbles: String) -> [[Event]] {
    var ticks: [[Event]] = []
    var group: [Event]?
    for character in marbles where character != " " {
      switch character {
      case "(":
        precondition(group == nil, "Marbles: nested '(' in \"\(marbles)\"; groups cannot nest.")
        group = []
      case ")":
        guard let events = group else {
          preconditionFailure("Marbles: ')' without '(' in \"\(marbles)\".")
        }
        ticks.append(events)
        group = nil
      default:
        let events = event(for: character).map { [$0] } ?? []
        if group != nil { group! += events } else { ticks.append(events) }
      }
    }
    precondition(group == nil, "Marbles: unclosed '(' in \"\(marbles)\"; close the group.")
    return ticks
  }

  private static func event(for character: Character) -> Event? {
    switch character {
    case "-": nil
    case "|": .completed
    case "#": .failed(MarbleError())
    case "!": .interrupted
    default: .value(String(character))
    }
  }

  private static func mark<Value, Error>(for event: Signal<Value, Error>.Event) -> String {
    switch event {
    case .value(let value): "\(value)"
    case .completed: "|"
    case .failed: "#"
    case .interrupted: "!"
    }
  }

  private func render(_ recorded: [(date: ContinuousClock.Instant, mark: String)]) -> String {
    var ticks: [[String]] = []
    for (date, mark) in recorded {
      let index = Int((origin.duration(to: date) / tick).rounded(.down))
      precondition(index >= 0, "Marbles: event \(mark) recorded before the origin.")
      while ticks.count <= index { ticks.append([]) }
      ticks[index].append(mark)
    }
    return ticks.map { marks in
      switch marks.count {
      case 0: "-"
      case 1: marks[0]
      default: "(" + marks.joined() + ")"
      }
    }.joined()
  }
}
