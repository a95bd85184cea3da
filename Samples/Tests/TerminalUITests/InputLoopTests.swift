// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing

/// The one input loop, whatever the lines come from: it reads what the session asks for, tells
/// it before a read that may wait, and stops when it says so.
@Suite struct InputLoopTests {
  /// A source of lines that records what was asked of it.
  private final class Lines: LineSource {
    var lines: [String]
    var mayWait: Bool
    var asked: [String] = []

    init(_ lines: [String], mayWait: Bool = true) {
      self.lines = lines
      self.mayWait = mayWait
    }

    var nextReadMayWait: Bool { mayWait }

    func readLine() -> String? {
      asked.append("line")
      return lines.isEmpty ? nil : lines.removeFirst()
    }

    func readSecret(prompt: String) -> String? {
      asked.append("secret after \(prompt)")
      return "s3cret"
    }
  }

  @Test func thePipedLoopTellsTheSessionItWaitsOnlyBeforeAReadThatMayWait() {
    var events: [String] = []
    // Two reads of input: two lines at once, then one.
    var chunks = [Array("add 1\nadd 2\n".utf8), Array("add 3\n".utf8)]
    let reader = PlainLineReader { buffer in
      events.append("read")
      guard !chunks.isEmpty else { return 0 }
      let chunk = chunks.removeFirst()
      for (index, byte) in chunk.enumerated() { buffer[index] = byte }
      return chunk.count
    }
    InputLoop.run(reader) { event in
      switch event {
      case .inputWillWait: events.append("wait")
      case .line(let line): events.append(line)
      case .endOfInput: events.append("end")
      case .secret: events.append("secret")
      }
      return event == .endOfInput ? .stop : .readLine
    }
    #expect(
      events == ["wait", "read", "add 1", "add 2", "wait", "read", "add 3", "wait", "read", "end"])
  }

  @Test func theLoopReadsASecretWhenAskedAndStopsWhenToldTo() {
    let source = Lines(["login ann", "quit", "never read"])
    var events: [InputEvent] = []
    InputLoop.run(source) { event in
      events.append(event)
      switch event {
      case .line("login ann"): return .readSecret(prompt: "Password: ")
      case .line("quit"): return .stop
      default: return .readLine
      }
    }
    #expect(
      events == [
        .inputWillWait, .line("login ann"), .secret("s3cret"), .inputWillWait, .line("quit"),
      ])
    #expect(source.asked == ["line", "secret after Password: ", "line"])
    #expect(source.lines == ["never read"])
  }

  @Test func aSessionThatEndsWhileTheInputWouldWaitIsNotReadAgain() {
    let source = Lines(["add 1"])
    InputLoop.run(source) { event in event == .inputWillWait ? .stop : .readLine }
    #expect(source.asked.isEmpty)
  }

  @Test func aScriptsLinesNeverWaitAndAskForNoSecret() {
    let script = ScriptLines(["a", "b"])
    var events: [InputEvent] = []
    InputLoop.run(script) { event in
      events.append(event)
      return event == .endOfInput ? .stop : .readLine
    }
    #expect(events == [.line("a"), .line("b"), .endOfInput])
    #expect(script.readSecret(prompt: "Password: ") == nil)
  }
}
