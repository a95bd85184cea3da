// SPDX-License-Identifier: Apache-2.0

import Dispatch
import TerminalUI
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one owner of the terminal: what it writes, how a closed output and a signal reach the
/// session's way out, and that every way out leaves the terminal's settings as they were.
///
/// Anything that ends the process or changes a signal's handling runs in a child process.
@Suite struct TerminalTests {
  /// A pipe's two ends.
  private static func makePipe() -> (read: Int32, write: Int32) {
    var fds: [Int32] = [-1, -1]
    precondition(pipe(&fds) == 0, "pipe failed")
    return (fds[0], fds[1])
  }

  private static func read(_ descriptor: Int32) -> String {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = Glibc.read(descriptor, &buffer, buffer.count)
    return String(decoding: buffer[..<max(0, count)], as: UTF8.self)
  }

  @Test func writesGoToTheOutputWhole() {
    let output = Self.makePipe()
    defer {
      close(output.read)
      close(output.write)
    }
    let terminal = Terminal(input: -1, output: output.write, errors: output.write, environment: [:])
    terminal.write("hello ")
    terminal.writeError("world\n")
    #expect(Self.read(output.read) == "hello world\n")
    #expect(!terminal.isInteractive)
    #expect(!terminal.hasLiveRegion)
    #expect(terminal.size == LiveRegion.Size(width: 80, height: 24))
    #expect(terminal.width == nil)
  }

  @Test func aClosedOutputBeforeTheSessionRunsIsIgnored() {
    let output = Self.makePipe()
    close(output.read)
    defer { close(output.write) }
    let terminal = Terminal(input: -1, output: output.write, errors: -1, environment: [:])
    // Nothing to save yet: no way out is taken, and the process goes on.
    terminal.write("nobody reads this")
    terminal.write("nor this")
  }

  @Test func aClosedOutputLeavesBySIGPIPEOnceThroughTheSessionsWayOut() async {
    let output = Self.makePipe()
    close(output.read)
    defer { close(output.write) }
    let terminal = Terminal(input: -1, output: output.write, errors: -1, environment: [:])
    let reasons = Locked<[ExitReason]>([])
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      terminal.onExit { reason in
        reasons.withLock { $0.append(reason) }
        done.resume()
      }
      terminal.write("the reader is gone")
      terminal.write("so this is not written")
      terminal.leave(.signal(SIGTERM))
    }
    #expect(reasons.withLock { $0 } == [.signal(SIGPIPE)])
  }

  @Test func withoutASessionALeaveEndsTheProcessByTheSignal() async {
    await #expect(processExitsWith: .signal(SIGHUP)) {
      let terminal = Terminal(input: -1, output: -1, errors: -1, environment: [:])
      terminal.leave(.signal(SIGHUP))
    }
  }

  @Test func aSignalReachesTheSessionsWayOutOnTheMainActor() async {
    await #expect(processExitsWith: .exitCode(42)) {
      let terminal = Terminal(input: -1, output: -1, errors: -1, environment: [:])
      terminal.onExit { reason in
        MainActor.assertIsolated()
        terminal.end(reason == .signal(SIGTERM) ? .finished(status: 42) : .finished(status: 1))
      }
      kill(getpid(), SIGTERM)
      // The relay's queue hands it on; the main actor is free to take it.
      while true { try? await Task.sleep(for: .seconds(60)) }
    }
  }

  @Test func aSignalIsHandledWhileTheMainActorIsBusy() async {
    // The relay does not wait for the main actor: without a session's way out, the terminal
    // ends the process while the main actor never comes back.
    await #expect(processExitsWith: .signal(SIGTERM)) {
      await MainActor.run {
        let terminal = Terminal(input: -1, output: -1, errors: -1, environment: [:])
        withExtendedLifetime(terminal) {
          kill(getpid(), SIGTERM)
          while true { pause() }
        }
      }
    }
  }

  @Test func endingPutsBackTheSettingsTheTerminalHadAtStart() async {
    await #expect(processExitsWith: .exitCode(7)) {
      var controller: Int32 = -1
      var device: Int32 = -1
      guard openpty(&controller, &device, nil, nil, nil) == 0 else { exit(2) }
      let terminal = Terminal(input: device, output: device, errors: device, environment: [:])
      guard terminal.isInteractive else { exit(3) }
      // The line editor takes the terminal raw while it reads.
      var raw = termios()
      tcgetattr(device, &raw)
      raw.c_lflag &= ~tcflag_t(ECHO | ICANON)
      tcsetattr(device, TCSANOW, &raw)
      ptyToCheck = device
      atexit {
        var now = termios()
        tcgetattr(ptyToCheck, &now)
        let restored = now.c_lflag & tcflag_t(ECHO) != 0 && now.c_lflag & tcflag_t(ICANON) != 0
        if !restored { _exit(4) }
      }
      terminal.end(.finished(status: 7))
    }
  }

  @Test func aWriteThatFailsOtherwiseThanAClosedOutputIsToldAndEndsWithStatus1() async {
    await #expect(processExitsWith: .exitCode(1)) {
      let full = open("/dev/full", O_WRONLY)
      var errors: [Int32] = [-1, -1]
      guard pipe(&errors) == 0 else { _exit(4) }
      let terminal = Terminal(input: -1, output: full, errors: errors[1], environment: [:])
      atexitDescriptor = errors[0]
      atexit {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = Glibc.read(atexitDescriptor, &buffer, buffer.count)
        let told = String(decoding: buffer[..<max(0, count)], as: UTF8.self)
        if told != "cannot write to standard output: No space left on device\n" { _exit(5) }
      }
      terminal.write("nowhere to go")
      // Without a session the way out ends the process at once.
      _exit(6)
    }
  }

  @Test func aSecondSignalWhileLeavingEndsAtOnceWithoutTheMainActor() async {
    await #expect(processExitsWith: .signal(SIGINT)) {
      await MainActor.run {
        // Only the second signal can end the process: no grace runs out first.
        let terminal = Terminal(
          input: -1, output: -1, errors: -1, environment: [:], exitGrace: .never)
        // The session's way out would run on the main actor, which never comes to it.
        terminal.onExit { _ in exit(9) }
        kill(getpid(), SIGTERM)
        // The second signal goes once the first has started the way out: both pending at
        // once (a sanitizer holds signals) would arrive lowest number first.
        while !terminal.isLeaving { sched_yield() }
        kill(getpid(), SIGINT)
        while true { pause() }
      }
    }
  }

  @Test func aSignalTheMainActorDoesNotTakeUpEndsTheAppAfterTheGrace() async {
    await #expect(processExitsWith: .signal(SIGTERM)) {
      await MainActor.run {
        let terminal = Terminal(input: -1, output: -1, errors: -1, environment: [:])
        terminal.onExit { _ in exit(9) }
        kill(getpid(), SIGTERM)
        // Stuck, as in a write that blocks: the way out is never taken up here.
        while true { pause() }
      }
    }
  }

  @Test(arguments: [
    ("", true, true), ("", false, false), ("interactive=no", true, false),
    ("enable=no", true, false), ("interactive=yes", false, true),
    ("color=no, interactive = NO", true, false), ("interactive=tty", true, true),
  ])
  func theBacktracerIsLetRunOnlyWhenItWouldNotStopAtItsPrompt(
    setting: String, isTerminal: Bool, prompts: Bool
  ) {
    #expect(
      CrashRestore.backtracerWouldPrompt(
        environment: ["SWIFT_BACKTRACE": setting], isTerminal: isTerminal) == prompts)
  }

  @Test func theInboxGivesItsMessagesInOrder() {
    let terminal = Terminal(input: -1, output: -1, errors: -1, environment: [:])
    #expect(terminal.inbox.take().isEmpty)
    terminal.inbox.post(.draw)
    terminal.inbox.post(.interrupt)
    terminal.inbox.post(.resize)
    #expect(terminal.inbox.take() == [.draw, .interrupt, .resize])
  }
}

/// The pseudo-terminal an exit test checks in its `atexit` handler, which captures nothing.
nonisolated(unsafe) private var ptyToCheck: Int32 = -1
/// The pipe an exit test reads in its `atexit` handler.
nonisolated(unsafe) private var atexitDescriptor: Int32 = -1
