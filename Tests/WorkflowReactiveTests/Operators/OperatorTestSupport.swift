// SPDX-License-Identifier: Apache-2.0

import TestSupport
import WorkflowReactive

/// Records the signal `make` builds on new marbles, so that its timelines start at tick 0 even
/// when a test records several.
func recorded<Value, Error>(_ make: (Marbles) -> Signal<Value, Error>) -> String {
  let marbles = Marbles()
  return marbles.record(make(marbles))
}

/// Records the producer `make` builds on new marbles, started at tick 0.
func recorded<Value, Error>(_ make: (Marbles) -> SignalProducer<Value, Error>) -> String {
  let marbles = Marbles()
  return marbles.record(make(marbles))
}

/// The error the operator tests send.
enum TestError: Error, Equatable {
  case boom
  case other

  /// The usual error, for tests that need just one.
  init() { self = .boom }
}

/// Records every event it observes, in order.
final class Recorder<Value, Error: Swift.Error> {
  private(set) var events: [Signal<Value, Error>.Event] = []

  /// An observer that records into this recorder.
  var observer: Signal<Value, Error>.Observer {
    Signal.Observer { [self] event in events.append(event) }
  }

  var values: [Value] { events.compactMap(\.value) }

  /// The terminal event, if one was received.
  var terminal: Signal<Value, Error>.Event? { events.last(where: \.isTerminating) }

  /// Whether a terminal event was received.
  var isTerminated: Bool { terminal != nil }
}

/// Something whose release a test can observe through a weak reference.
final class Token {}

/// A cold source for tests whose runs relay the events sent through ``input``.
///
/// The probe counts the runs that started and the runs whose lifetime ended, and each run keeps
/// ``lastToken`` alive until its lifetime ends, so a weak reference to it shows whether the run's
/// work was released.
final class Probe<Value, Error: Swift.Error> {
  let output: Signal<Value, Error>
  let input: Signal<Value, Error>.Observer
  private(set) var startCount = 0
  private(set) var endCount = 0
  private(set) weak var lastToken: Token?

  init() {
    (output, input) = Signal.pipe()
  }

  var isRunning: Bool { startCount > endCount }

  var producer: SignalProducer<Value, Error> {
    SignalProducer { [self] observer, lifetime in
      startCount += 1
      let token = Token()
      lastToken = token
      lifetime.observeEnded { [self] in
        withExtendedLifetime(token) { endCount += 1 }
      }
      lifetime += output.observe(observer)
    }
  }
}
