// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every way out of a real executable keeps what it handled and leaves the terminal as it was:
/// Ctrl-C and Ctrl-\ in the middle of a script, a signal while the app is stuck in a write, a
/// crash on a terminal, a history path that is a FIFO, an output that cannot be written, a
/// `HOME` that names no folder.
///
/// Each test waits for the app's own events (`handled N`, `waiting N`, `saved N`) or for a
/// condition it can see (a full pipe, a terminal in raw mode), never for a guessed time.
@Suite struct WayOutTests {
  private func stateFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("way-out-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// The titles of the todos a state file holds, in order.
  private func savedTitles(_ file: URL) throws -> [String] {
    let text = try String(contentsOf: file, encoding: .utf8)
    return text.components(separatedBy: "\"title\":\"").dropFirst().map {
      String($0.prefix { $0 != "\"" })
    }
  }

  private func script(adding count: Int) -> Data {
    Data((1...count).map { "add item \($0)\n" }.joined().utf8)
  }

  /// `todo < script` interrupted by Ctrl-C or Ctrl-\ (from `kill`, as a shell sends them to
  /// the foreground job): the state file holds every line handled, as with `SIGTERM`.
  @Test(arguments: [SIGINT, SIGQUIT])
  func aSignalInTheMiddleOfAScriptSavesEveryLineHandled(signalNumber: Int32) async throws {
    let folder = try stateFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let stateFile = folder.appendingPathComponent("todos.json")
    let todo = try RunningSample(
      app: SampleProcess(app: "todo"), workingDirectory: folder,
      variables: ["TODO_FILE": stateFile.path], isNiced: true, input: .data(script(adding: 20_000)))
    try await todo.waitForEvent("handled", afterLines: 50)
    kill(todo.pid, signalNumber)
    let result = try await todo.waitForExit()
    #expect(!result.exitedNormally && result.status == signalNumber, "\(result.text)")
    let handled = try #require(todo.lastEvent("handled"))
    #expect(handled >= 50 && handled < 20_000, "the signal came after the script ended")
    // The last save came after the last line handled, and holds every one of them.
    #expect(todo.lastEvent("saved") == handled)
    #expect(try savedTitles(stateFile) == (1...handled).map { "item \($0)" })
  }

  /// The app's main thread is stuck writing to an output nobody reads: the signal still ends
  /// it, by the signal, once the main thread has not taken up the way out in time.
  @Test func aSignalEndsAnAppStuckInAWrite() async throws {
    let folder = try stateFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let capacity: Int32 = 4096
    let todo = try RunningSample(
      app: SampleProcess(app: "todo"), workingDirectory: folder,
      variables: ["TODO_FILE": folder.appendingPathComponent("todos.json").path],
      input: .data(script(adding: 2_000)), output: .unread(capacity: capacity))
    try await todo.waitForEvent("handled", afterLines: 1)
    // The pipe is full (a write smaller than a page waits for room for all of it), and the
    // thread of the main queue waits in its write.
    while !todo.isBlockedInAPipeWrite {
      try await Task.sleep(for: .milliseconds(10))
    }
    kill(todo.pid, SIGTERM)
    let result = try await todo.waitForExit()
    #expect(!result.exitedNormally && result.status == SIGTERM)
  }

  /// On a terminal, Ctrl-\ and the signals of a crash put back the settings the terminal had
  /// (the line editor reads in raw mode), and the app does not stop at Swift's backtracer
  /// prompt: it dies of the signal.
  @Test(arguments: [SIGQUIT, SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS])
  func aQuitOrACrashOnATerminalPutsItsSettingsBack(signalNumber: Int32) async throws {
    let folder = try stateFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let todo = try RunningSample(
      app: SampleProcess(app: "todo"), workingDirectory: folder,
      variables: [
        "TODO_FILE": folder.appendingPathComponent("todos.json").path, "SWIFT_BACKTRACE": "",
      ],
      output: .pseudoTerminal)
    try await todo.waitForEvent("waiting", afterLines: 0)
    // The line editor takes the terminal raw as it starts to read.
    while let settings = todo.terminalSettings(), settings.c_lflag & tcflag_t(ICANON) != 0 {
      try await Task.sleep(for: .milliseconds(10))
    }
    kill(todo.pid, signalNumber)
    let result = try await todo.waitForExit()
    #expect(!result.exitedNormally && result.status == signalNumber)
    let settings = try #require(todo.terminalSettings())
    #expect(settings.c_lflag & tcflag_t(ICANON) != 0, "canonical mode is off")
    #expect(settings.c_lflag & tcflag_t(ECHO) != 0, "echo is off")
  }

  /// A FIFO where the history file would be is not opened (it would wait for a writer): the
  /// app says so, runs, and keeps its lines in memory only.
  @Test func aFIFOAtTheHistoryPathIsRefusedWithoutBlocking() async throws {
    let folder = try stateFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let historyFolder = folder.appendingPathComponent("history-state/todo", isDirectory: true)
    try FileManager.default.createDirectory(at: historyFolder, withIntermediateDirectories: true)
    let fifo = historyFolder.appendingPathComponent("history").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let stateFile = folder.appendingPathComponent("todos.json")
    let todo = try RunningSample(
      app: SampleProcess(app: "todo"), workingDirectory: folder,
      variables: [
        "TODO_FILE": stateFile.path,
        "XDG_STATE_HOME": folder.appendingPathComponent("history-state").path,
      ],
      output: .pseudoTerminal)
    try await todo.waitForEvent("waiting", afterLines: 0)
    try await todo.waitForOutput(containing: "as the history file: it is a FIFO")
    todo.sendToTerminal("add milk\r")
    try await todo.waitForEvent("waiting", afterLines: 1)
    todo.sendToTerminal("quit\r")
    let result = try await todo.waitForExit()
    #expect(result.exitedNormally && result.status == 0)
    #expect(try savedTitles(stateFile) == ["milk"])
    var info = stat()
    #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
  }

  /// `todo > /dev/full`: the failed write is said on standard error, and the app exits with
  /// status 1 rather than going on as if it had been heard.
  @Test func aWriteErrorOnTheOutputIsToldAndEndsTheAppWithStatus1() async throws {
    let folder = try stateFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let todo = try RunningSample(
      app: SampleProcess(app: "todo"), workingDirectory: folder,
      variables: ["TODO_FILE": folder.appendingPathComponent("todos.json").path],
      input: .data(Data("add milk\n".utf8)), output: .standardOutput(path: "/dev/full"))
    let result = try await todo.waitForExit()
    #expect(result.exitedNormally && result.status == 1)
    #expect(
      result.text.contains("cannot write to standard output: No space left on device"),
      "\(result.text)")
  }

  /// An empty or relative `HOME` (with no absolute `XDG_STATE_HOME`) would put the state file
  /// under the current folder: the app refuses to start and says why.
  @Test(arguments: ["", "relative/home"])
  func aHomeThatIsNotAnAbsolutePathIsRefused(home: String) async throws {
    let folder = try stateFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await SampleProcess(app: "todo").run(
      input: Data("add milk\n".utf8), workingDirectory: folder,
      variables: ["HOME": home, "XDG_STATE_HOME": ""])
    #expect(result.exitedNormally && result.status == 2)
    #expect(result.text.contains("set HOME or XDG_STATE_HOME to an absolute folder"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}
