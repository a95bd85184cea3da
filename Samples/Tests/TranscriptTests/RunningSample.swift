// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A sample app started by a test, which talks to it the way a shell pipeline would: it writes
/// lines to its input, reads its output, signals it or stops reading it, and waits for what the
/// app itself says: a line of output, an event of its events file (`TERMINALUI_EVENTS`: `waiting
/// N` before it waits for input, `saved N` once its state file holds what N lines did), its
/// exit.
///
/// Every wait is woken by the event itself (the output's or the events file's readability
/// handler, the termination handler), so a busy machine makes a test slower, never wrong. The
/// only time limit is a guard against a hung app, far beyond any honest run.
final class RunningSample: @unchecked Sendable {
  /// Where the app's standard input comes from.
  enum Input {
    /// All of it at once, from a file.
    case data(Data)
    /// Lines the test sends with ``send(_:)`` while the app runs.
    case pipe
  }

  /// Where the app's standard output and error go.
  enum Output {
    /// To a pipe this side reads.
    case read
    /// To a pipe of `capacity` bytes this side never reads, so that a write that does not fit
    /// blocks the app.
    case unread(capacity: Int32)
    /// To a pseudo-terminal this side made (its input too), whose settings this side can read
    /// (``terminalSettings()``) once the app is gone.
    case pseudoTerminal
    /// Standard output to the file at `path` (`/dev/full`); standard error to a pipe this side
    /// reads.
    case standardOutput(path: String)
  }

  /// How long a wait may take before the app is taken to be hung.
  static let hangGuard = Duration.seconds(900)

  let app: String
  let process: Process
  /// The app's own folder: its state folder and home, with the input file and events FIFO.
  let state: URL
  /// The app's input, when the test writes it.
  private let inputPipe: ClosingPipe?
  private let outputPipe: ClosingPipe
  /// The pseudo-terminal's device end, which the app has as its standard streams.
  private let terminalDevice: Int32?
  /// The pseudo-terminal's controlling end, for typing.
  private let terminalKeys: Int32?
  private let outputMode: Output
  private let output = WatchedBytes()
  private let events = WatchedBytes()
  private let exited = WatchedBytes()
  private let outputReader: DescriptorReader
  private let eventsReader: DescriptorReader

  /// Starts `app`; see ``SampleProcess/run(input:arguments:workingDirectory:variables:umask:)``
  /// for its environment.
  ///
  /// - Parameters:
  ///   - isNiced: Whether the app runs at the lowest priority, so that on a busy machine the
  ///     test's own threads act between its steps.
  ///   - onTerminal: Whether the app runs on a pseudo-terminal (under script(1)), so that it
  ///     edits lines as for a person; ``send(raw:)`` types into it.
  init(
    app: SampleProcess, arguments: [String] = [], workingDirectory: URL? = nil,
    variables: [String: String] = [:], umask: Int? = nil, isNiced: Bool = false,
    onTerminal: Bool = false, input: Input = .pipe, output outputMode: Output = .read
  ) throws {
    // A write to the app's input after it died must fail, not kill the test runner.
    signal(SIGPIPE, SIG_IGN)
    self.app = app.app
    state = FileManager.default.temporaryDirectory
      .appendingPathComponent("sample-\(app.app)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    // The events come through a FIFO this side holds open for reading and writing, so it never
    // sees its end and the app's open never waits.
    let eventsPath = state.appendingPathComponent("events").path
    guard mkfifo(eventsPath, 0o600) == 0 else { throw SampleProcessError.noFIFO(eventsPath) }
    let eventsDescriptor = open(eventsPath, O_RDWR | O_CLOEXEC)
    guard eventsDescriptor >= 0 else { throw SampleProcessError.noFIFO(eventsPath) }
    var variables = variables
    variables["TERMINALUI_EVENTS"] = eventsPath
    process = try app.makeProcess(
      arguments: arguments, workingDirectory: workingDirectory, variables: variables,
      umask: umask, isNiced: isNiced, onTerminal: onTerminal, state: state)
    self.outputMode = outputMode
    var controller: Int32 = -1
    var device: Int32 = -1
    if case .pseudoTerminal = outputMode {
      guard openpty(&controller, &device, nil, nil, nil) == 0 else {
        throw SampleProcessError.noFIFO("pseudo-terminal")
      }
      _ = fcntl(controller, F_SETFD, FD_CLOEXEC)
      _ = fcntl(device, F_SETFD, FD_CLOEXEC)
      terminalDevice = device
      terminalKeys = dup(controller)
    } else {
      terminalDevice = nil
      terminalKeys = nil
    }
    switch input {
    case _ where terminalDevice != nil:
      process.standardInput = FileHandle(fileDescriptor: device, closeOnDealloc: false)
      inputPipe = nil
    case .data(let data):
      let inputFile = state.appendingPathComponent("input")
      try data.write(to: inputFile)
      process.standardInput = try FileHandle(forReadingFrom: inputFile)
      inputPipe = nil
    case .pipe:
      let pipe = try ClosingPipe()
      process.standardInput = pipe.reading
      inputPipe = pipe
    }
    // One pipe for both streams keeps their interleaving, as a terminal would show it.
    outputPipe = try ClosingPipe()
    switch outputMode {
    case .read:
      process.standardOutput = outputPipe.writing
      process.standardError = outputPipe.writing
      outputReader = try DescriptorReader(outputPipe.takeReading(), into: output)
    case .unread(let capacity):
      // F_SETPIPE_SZ, which Swift's Glibc module does not show.
      _ = fcntl(outputPipe.writing.fileDescriptor, 1031, capacity)
      process.standardOutput = outputPipe.writing
      process.standardError = outputPipe.writing
      // A reader of nothing, stopped at once: the pipe's reading end stays open, unread.
      outputReader = try DescriptorReader(dup(outputPipe.reading.fileDescriptor), into: output)
      outputReader.stop()
    case .standardOutput(let path):
      guard let file = FileHandle(forWritingAtPath: path) else {
        throw SampleProcessError.noFIFO(path)
      }
      process.standardOutput = file
      process.standardError = outputPipe.writing
      outputReader = try DescriptorReader(outputPipe.takeReading(), into: output)
    case .pseudoTerminal:
      let handle = FileHandle(fileDescriptor: device, closeOnDealloc: false)
      process.standardOutput = handle
      process.standardError = handle
      outputPipe.closeReading()
      outputReader = try DescriptorReader(controller, into: output)
    }
    eventsReader = try DescriptorReader(eventsDescriptor, into: events)
    process.terminationHandler = { [exited] _ in exited.close() }
    try process.run()
    // The app has its ends now: once it is gone, this side sees the end of its output, and
    // it sees the end of its input when this side closes it.
    outputPipe.closeWriting()
    inputPipe?.closeReading()
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    if let terminalDevice { close(terminalDevice) }
    if let terminalKeys { close(terminalKeys) }
    outputReader.stop()
    eventsReader.stop()
    try? FileManager.default.removeItem(at: state)
  }

  /// The app's process id.
  var pid: Int32 { process.processIdentifier }

  /// Writes `line` and a line feed to the app's input; false once the app stopped reading.
  @discardableResult
  func send(_ line: String) -> Bool {
    (try? inputPipe?.writing.write(contentsOf: Data((line + "\n").utf8))) != nil
  }

  /// Writes `text` to the app's input as it is: keys typed on a terminal (Enter is `\r`).
  func send(raw text: String) {
    try? inputPipe?.writing.write(contentsOf: Data(text.utf8))
  }

  /// Types `text` on the app's pseudo-terminal (``Output/pseudoTerminal``); Enter is `\r`.
  func sendToTerminal(_ text: String) {
    guard let terminalKeys else { return }
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(terminalKeys, $0.baseAddress, $0.count) }
  }

  /// The settings of the app's pseudo-terminal (``Output/pseudoTerminal``) now.
  func terminalSettings() -> termios? {
    guard let terminalDevice else { return nil }
    var settings = termios()
    return tcgetattr(terminalDevice, &settings) == 0 ? settings : nil
  }

  /// Sets the app's pseudo-terminal (``Output/pseudoTerminal``) to `settings`.
  func setTerminalSettings(_ settings: termios) {
    guard let terminalDevice else { return }
    var settings = settings
    _ = tcsetattr(terminalDevice, TCSANOW, &settings)
  }

  /// Whether a thread of the app waits in a write to a pipe (Linux's `/proc` tells where each
  /// thread waits), as it does once an unread output (``Output/unread(capacity:)``) is full.
  var isBlockedInAPipeWrite: Bool {
    let tasks = "/proc/\(pid)/task"
    let threads = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
    return threads.contains { thread in
      let place = try? String(contentsOfFile: "\(tasks)/\(thread)/wchan", encoding: .utf8)
      return place?.contains("pipe_write") ?? false
    }
  }

  /// Ends the app's input, as Ctrl-D or the end of a file does.
  func closeInput() {
    inputPipe?.closeWriting()
  }

  /// Everything the app printed so far.
  var text: String { String(decoding: output.bytes, as: UTF8.self) }

  /// The lines of its events file so far.
  var eventLines: [String] {
    String(decoding: events.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// The count of the last `event` (`handled`, `saved`) of its events file so far, or nil.
  func lastEvent(_ event: String) -> Int? {
    eventLines.reversed().lazy.compactMap { line -> Int? in
      let parts = line.split(separator: " ")
      return parts.count == 2 && parts[0] == event ? Int(parts[1]) : nil
    }.first
  }

  /// Stops reading the app's output, as `head` does when it has its line.
  func closeOutput() {
    outputReader.stop()
  }

  /// Waits until the app printed `expected` (the whole output contains it).
  func waitForOutput(containing expected: String) async throws {
    let needle = Data(expected.utf8)
    try await output.wait(until: { $0.range(of: needle) != nil }) { [app] bytes in
      SampleProcessError.missingOutput(app, expected, String(decoding: bytes, as: UTF8.self))
    }
  }

  /// Waits until the app said `event` (`waiting` or `saved`) after it had read `lines` lines
  /// or more.
  func waitForEvent(_ event: String, afterLines lines: Int) async throws {
    try await events.wait(
      until: { bytes in
        String(decoding: bytes, as: UTF8.self).split(separator: "\n").contains { line in
          let parts = line.split(separator: " ")
          return parts.count == 2 && parts[0] == event && (Int(parts[1]) ?? -1) >= lines
        }
      },
      failure: { [app] bytes in
        SampleProcessError.missingOutput(
          app, "\(event) \(lines)", "events:\n" + String(decoding: bytes, as: UTF8.self))
      })
  }

  /// Ends the app's input (when it is a pipe) and waits for it to exit.
  func finish() async throws -> SampleProcess.Result {
    closeInput()
    return try await waitForExit()
  }

  /// Waits for the app to exit, however it exits, and for the end of its output.
  func waitForExit() async throws -> SampleProcess.Result {
    try await exited.waitUntilClosed { [app] in SampleProcessError.timedOut(app) }
    // This side holds the pseudo-terminal and the unread pipe open: their ends never come.
    switch outputMode {
    case .read, .standardOutput:
      try await output.waitUntilClosed { [app] in SampleProcessError.timedOut(app) }
    case .unread, .pseudoTerminal:
      break
    }
    return SampleProcess.Result(
      output: output.bytes, status: process.terminationStatus,
      exitedNormally: process.terminationReason == .exit)
  }
}

/// A pipe whose ends are closed on `exec`, so that no other process a test starts meanwhile
/// holds one open (which would keep the app from seeing the end of its input, or this side the
/// end of the app's output); the app gets its end as its standard input or output.
final class ClosingPipe: @unchecked Sendable {
  let reading: FileHandle
  let writing: FileHandle
  private let lock = NSLock()
  private var isReadingOpen = true
  private var isWritingOpen = true

  /// glibc's `pipe2`, which Swift's Glibc module does not show; it makes both ends
  /// close-on-exec in the same call, with no moment for another thread's spawn to take them.
  static let makePipe: @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32 = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2") else {
      preconditionFailure("ClosingPipe: this C library has no pipe2")
    }
    return unsafeBitCast(
      symbol, to: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
  }()

  init() throws {
    var fds: [Int32] = [-1, -1]
    guard Self.makePipe(&fds, O_CLOEXEC) == 0 else { throw SampleProcessError.noFIFO("pipe") }
    reading = FileHandle(fileDescriptor: fds[0], closeOnDealloc: false)
    writing = FileHandle(fileDescriptor: fds[1], closeOnDealloc: false)
  }

  deinit {
    closeReading()
    closeWriting()
  }

  /// The reading end's descriptor, which the caller closes from now on.
  func takeReading() -> Int32 {
    lock.withLock {
      isReadingOpen = false
      return reading.fileDescriptor
    }
  }

  /// Closes the reading end, once.
  func closeReading() {
    lock.withLock {
      guard isReadingOpen else { return }
      isReadingOpen = false
      close(reading.fileDescriptor)
    }
  }

  /// Closes the writing end, once.
  func closeWriting() {
    lock.withLock {
      guard isWritingOpen else { return }
      isWritingOpen = false
      close(writing.fileDescriptor)
    }
  }
}

/// Reads a descriptor on a thread of its own until its end, until stopped, or until `receive`
/// says it has what it wanted; it owns the descriptor and closes it when done.
///
/// A plain thread blocked in `poll` rather than a dispatch source: closing a descriptor that a
/// source still watches confuses the sources of later descriptors that reuse its number.
final class DescriptorReader: @unchecked Sendable {
  private let wake: (read: Int32, write: Int32)
  private let lock = NSLock()
  private var isDone = false

  /// Starts reading `descriptor`, handing what comes to `receive` (which returns whether to
  /// go on reading), then calling `end` once.
  init(
    _ descriptor: Int32, receive: @escaping @Sendable (ArraySlice<UInt8>) -> Bool,
    end: @escaping @Sendable () -> Void = {}
  ) throws {
    var fds: [Int32] = [-1, -1]
    guard ClosingPipe.makePipe(&fds, O_CLOEXEC) == 0 else {
      throw SampleProcessError.noFIFO("pipe")
    }
    wake = (fds[0], fds[1])
    let wake = wake
    Thread { [self] in
      defer {
        end()
        lock.withLock {
          isDone = true
          close(descriptor)
          close(wake.read)
          close(wake.write)
        }
      }
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      while true {
        var ready = [
          pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
          pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
        ]
        if poll(&ready, 2, -1) < 0 {
          if errno == EINTR { continue }
          return
        }
        if ready[1].revents != 0 { return }
        guard ready[0].revents != 0 else { continue }
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0, errno == EINTR { continue }
        guard count > 0, receive(buffer[..<count]) else { return }
      }
    }.start()
  }

  /// Reads `descriptor` into `bytes`, closing them at its end.
  convenience init(_ descriptor: Int32, into bytes: WatchedBytes) throws {
    try self.init(
      descriptor,
      receive: { chunk in
        bytes.append(Data(chunk))
        return true
      }, end: { bytes.close() })
  }

  /// Stops reading and closes the descriptor, unless reading ended already.
  func stop() {
    lock.withLock {
      guard !isDone else { return }
      var byte: UInt8 = 1
      _ = write(wake.write, &byte, 1)
    }
  }
}

/// Bytes that arrive from another process, and the tasks waiting for them to hold something.
///
/// A wait resumes when bytes that satisfy it arrive, or fails when the stream is closed without
/// them, or when ``RunningSample/hangGuard`` passes.
final class WatchedBytes: @unchecked Sendable {
  private struct Waiter {
    let isSatisfied: @Sendable (Data) -> Bool
    /// Whether the end of the stream satisfies it.
    let isSatisfiedByClose: Bool
    let failure: @Sendable (Data) -> any Error
    let continuation: CheckedContinuation<Void, any Error>
  }

  private let lock = NSLock()
  private var data = Data()
  private var isClosed = false
  private var waiters: [UUID: Waiter] = [:]

  /// What arrived so far.
  var bytes: Data {
    lock.withLock { data }
  }

  /// Adds `chunk` and wakes the waits it satisfies.
  func append(_ chunk: Data) {
    let ready = lock.withLock {
      data += chunk
      return takeWaiters { $0.isSatisfied(data) }
    }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Nothing more arrives: the waits not satisfied fail.
  func close() {
    let left = lock.withLock {
      isClosed = true
      return takeWaiters { _ in true }
    }
    for waiter in left { finish(waiter) }
  }

  /// Waits until the bytes satisfy `isSatisfied`; throws `failure` of the bytes when they
  /// never will.
  func wait(
    until isSatisfied: @escaping @Sendable (Data) -> Bool,
    failure: @escaping @Sendable (Data) -> any Error
  ) async throws {
    try await wait(isSatisfied, isSatisfiedByClose: false, failure: failure)
  }

  /// Waits until nothing more arrives; throws `failure` when that takes longer than
  /// ``RunningSample/hangGuard``.
  func waitUntilClosed(failure: @escaping @Sendable () -> any Error) async throws {
    try await wait({ _ in false }, isSatisfiedByClose: true) { _ in failure() }
  }

  private func wait(
    _ isSatisfied: @escaping @Sendable (Data) -> Bool, isSatisfiedByClose: Bool,
    failure: @escaping @Sendable (Data) -> any Error
  ) async throws {
    let id = UUID()
    let guardTask = Task { [weak self] in
      try await Task.sleep(for: RunningSample.hangGuard)
      self?.giveUp(id)
    }
    defer { guardTask.cancel() }
    try await withCheckedThrowingContinuation { continuation in
      let waiter = Waiter(
        isSatisfied: isSatisfied, isSatisfiedByClose: isSatisfiedByClose, failure: failure,
        continuation: continuation)
      let (isReady, isOver) = lock.withLock {
        if isSatisfied(data) || isClosed && isSatisfiedByClose { return (true, false) }
        if isClosed { return (false, true) }
        waiters[id] = waiter
        return (false, false)
      }
      if isReady { continuation.resume() } else if isOver { finish(waiter) }
    }
  }

  /// Fails the wait `id`, unless it was satisfied meanwhile.
  private func giveUp(_ id: UUID) {
    let waiter = lock.withLock { waiters.removeValue(forKey: id) }
    if let waiter { finish(waiter) }
  }

  /// Resumes `waiter`: satisfied by a last look at the bytes (or the stream's end), or failed.
  private func finish(_ waiter: Waiter) {
    let (current, closed) = lock.withLock { (data, isClosed) }
    if waiter.isSatisfied(current) || closed && waiter.isSatisfiedByClose {
      waiter.continuation.resume()
    } else {
      waiter.continuation.resume(throwing: waiter.failure(current))
    }
  }

  /// Removes and returns the waiters `matching`; call holding the lock.
  private func takeWaiters(matching: (Waiter) -> Bool) -> [Waiter] {
    let ids = waiters.filter { matching($0.value) }.map(\.key)
    return ids.compactMap { waiters.removeValue(forKey: $0) }
  }
}
