// SPDX-License-Identifier: Apache-2.0

import Dispatch

/// What the input side tells a ``ReplSession``.
package enum InputEvent: Hashable, Sendable, CustomStringConvertible {
  /// The next read may wait (a person types; a pipe has no whole line ready).
  case inputWillWait
  /// A line was read, without its line break.
  case line(String)
  /// The secret a line left out was read; nil when it was given up (Ctrl-C, Ctrl-D) or cannot
  /// be asked for.
  case secret(String?)
  /// The input ended.
  case endOfInput

  package var description: String {
    switch self {
    case .inputWillWait: "inputWillWait"
    case .line: "line"
    case .secret: "secret"
    case .endOfInput: "endOfInput"
    }
  }
}

/// What a ``ReplSession`` asks the input side to do next.
package enum InputRequest: Hashable, Sendable, CustomStringConvertible {
  /// Read the next line.
  case readLine
  /// Read a secret without showing it, after `prompt`.
  case readSecret(prompt: String)
  /// Read no more: the app ends.
  case stop

  package var description: String {
    switch self {
    case .readLine: "readLine"
    case .readSecret(let prompt): "readSecret(\(prompt))"
    case .stop: "stop"
    }
  }
}

/// Where lines come from: the line editor on a terminal, a pipe, or a script's lines.
package protocol LineSource: AnyObject {
  /// Whether the next ``readLine()`` may wait for input.
  var nextReadMayWait: Bool { get }
  /// The next line without its line break, or nil at the end of the input.
  func readLine() -> String?
  /// A line read without showing it, after `prompt`; nil when given up or when this source
  /// cannot hide what is typed.
  func readSecret(prompt: String) -> String?
}

/// The one loop that reads a session's input, whatever it comes from: it reads what the
/// session asks for, hands each line on, and stops when the session says so.
///
/// Before a read that may wait, the session is told (``InputEvent/inputWillWait``), so that it
/// saves what is unsaved; before a read that returns at once (the next piped line is ready) it
/// is not, so a burst of lines costs one save.
package enum InputLoop {
  /// Reads `source` until the session asks for no more; `deliver` hands an event to the
  /// session and returns its answer.
  package static func run(_ source: some LineSource, deliver: (InputEvent) -> InputRequest) {
    var request = InputRequest.readLine
    while true {
      switch request {
      case .readLine:
        if source.nextReadMayWait {
          request = deliver(.inputWillWait)
          guard request == .readLine else { continue }
        }
        request = deliver(source.readLine().map(InputEvent.line) ?? .endOfInput)
      case .readSecret(let prompt):
        request = deliver(.secret(source.readSecret(prompt: prompt)))
      case .stop:
        return
      }
    }
  }

  /// Runs the loop on a thread of its own, handing each event to `session` on the main actor
  /// and waiting for its answer; the main actor serves timers and workers meanwhile.
  @MainActor
  package static func start<W>(
    _ source: some LineSource & Sendable, feeding session: ReplSession<W>
  ) {
    let answer = Locked<InputRequest?>(nil)
    let answered = DispatchSemaphore(value: 0)
    session.answerLater = { request in
      answer.withLock { $0 = request }
      answered.signal()
    }
    DispatchQueue(label: "TerminalUI.input").async {
      run(source) { event in
        DispatchQueue.main.async {
          MainActor.assumeIsolated {
            guard let request = session.receive(event) else { return }
            answer.withLock { $0 = request }
            answered.signal()
          }
        }
        answered.wait()
        return answer.withLock { $0.take() } ?? .stop
      }
    }
  }
}

/// The lines of a script run in process, all ready at once: reading never waits, and no
/// secret can be asked for.
package final class ScriptLines: LineSource {
  private let next: () -> String?

  /// Reads `lines` in order, each when the session asks for it.
  package init(_ lines: some Sequence<String>) {
    var iterator = lines.makeIterator()
    next = { iterator.next() }
  }

  package var nextReadMayWait: Bool { false }

  package func readLine() -> String? { next() }

  package func readSecret(prompt: String) -> String? { nil }
}
