// SPDX-License-Identifier: Apache-2.0

import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whatever a user (or a cat on the keyboard) types, every app answers or ignores it, never
/// crashes, and exits with status 0 at the end of input.
@Suite struct BadInputTests {
  /// Command words of every app, so random lines reach real commands with wrong arguments.
  static let words = [
    "open", "menu", "help", ":tree", ":trace", "login", "code", "back", "names", "start",
    "logout", "play", "again", "leave", "yes", "no", "add", "done", "edit", "delete", "rename",
    "toggle", "save", "pause", "reset", "remove", "wait", "select", "star", "next", "prev",
    "find", "+", "-", "clear", "todo", "timers", "split", "search", "tictactoe", "all", "tea",
    "1", "2", "5", "9", "0", "-1", "99999999999999999999", "-9223372036854775808",
    "9223372036854775807", "\"", "'unterminated", "\\", "",
  ]

  /// Whether this test run is instrumented by the thread sanitizer, whose executables run
  /// about ten times slower: then the inputs are smaller (the full sizes run in the normal
  /// suite; what the sanitizer checks is threads, which small inputs exercise as well).
  static let isThreadSanitized =
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil

  /// 10,000 lines (1,000 under the thread sanitizer).
  static let randomLineCount = isThreadSanitized ? 1_000 : 10_000

  /// 64 KiB of random bytes (8 KiB under the thread sanitizer).
  static let randomByteCount = isThreadSanitized ? 8_192 : 65_536

  /// Every app (only the launcher under the thread sanitizer).
  static let megabyteLineApps = isThreadSanitized ? ["samples"] : SampleProcess.apps

  private func expectCleanExit(_ result: SampleProcess.Result, _ app: String, _ what: String) {
    #expect(result.exitedNormally, "\(app) was killed by a signal on \(what)")
    #expect(result.status == 0, "\(app) exited with \(result.status) on \(what)")
    #expect(!result.text.contains("Fatal error"), "\(app) trapped on \(what)")
  }

  @Test(arguments: SampleProcess.apps)
  func tenThousandRandomLines(app: String) async throws {
    var random = SplitMix64(seed: 0x5EED_0005)
    var lines: [String] = []
    for _ in 0..<Self.randomLineCount {
      let count = Int.random(in: 0...4, using: &random)
      var parts: [String] = []
      for _ in 0..<count {
        if Int.random(in: 0..<4, using: &random) == 0 {
          let length = Int.random(in: 1...12, using: &random)
          let scalars = (0..<length).map { _ in
            Character(Unicode.Scalar(UInt8.random(in: 33...126, using: &random)))
          }
          parts.append(String(scalars))
        } else {
          parts.append(Self.words.randomElement(using: &random)!)
        }
      }
      // `quit` and `:await` would end or stall the run early; they are tested elsewhere.
      lines.append(parts.filter { $0 != "quit" && $0 != ":await" }.joined(separator: " "))
    }
    let result = try await SampleProcess(app: app).run(
      input: Data((lines.joined(separator: "\n") + "\n").utf8))
    expectCleanExit(result, app, "random lines")
    if app == "search" {
      // Every line that names no command is a query there.
      #expect(!result.text.contains("unknown command"), "search refused a query")
    } else {
      #expect(result.text.contains("unknown command"), "\(app) never explained an unknown command")
    }
  }

  @Test(arguments: SampleProcess.apps)
  func randomBytesIncludingInvalidUTF8(app: String) async throws {
    var random = SplitMix64(seed: 0xB17E5)
    var bytes: [UInt8] = []
    for _ in 0..<Self.randomByteCount {
      // Mostly arbitrary bytes, with newlines often enough to make many short lines.
      let isNewline = Int.random(in: 0..<20, using: &random) == 0
      bytes.append(isNewline ? 10 : UInt8.random(in: 0...255, using: &random))
    }
    bytes += Array("\u{FF}\u{FE}open todo\n".utf8) + [0xC3, 0x28, 0x0A, 0xED, 0xA0, 0x80, 0x0A]
    let result = try await SampleProcess(app: app).run(input: Data(bytes))
    expectCleanExit(result, app, "random bytes")
  }

  @Test(arguments: megabyteLineApps)
  func oneMegabyteLine(app: String) async throws {
    let input = "\(String(repeating: "x", count: 1 << 20))\nhelp\n"
    let result = try await SampleProcess(app: app).run(
      input: Data(input.utf8))
    expectCleanExit(result, app, "a 1 MB line")
    #expect(result.text.contains("Always available:"), "\(app) stopped reading after a 1 MB line")
  }

  /// Numbers at and past the ends of `Int` for every numeric argument of every app (and the
  /// launcher's apps): each is answered, none traps on `number - 1`.
  @Test(arguments: SampleProcess.apps)
  func extremeNumbers(app: String) async throws {
    let numbers = [
      "-9223372036854775808", "9223372036854775807", "0", "-1", "99999999999999999999",
    ]
    let commands = [
      "done", "edit", "delete", "select", "play", "wait", "add tea", "add pasta", ":trace",
      "start", "+",
    ]
    var lines = ["open todo", "add milk", "menu", "open split", "menu", "open timers"]
    lines += ["menu", "login player@example.com password", "start", "open tictactoe"]
    lines += ["login player@example.com password", "start"]
    for command in commands { lines += numbers.map { "\(command) \($0)" } }
    for app in ["todo", "split", "timers"] {
      lines += ["menu", "open \(app)"]
      if app == "todo" { lines.append("add milk") }
      for command in commands { lines += numbers.map { "\(command) \($0)" } }
    }
    let result = try await SampleProcess(app: app).run(
      input: Data((lines.joined(separator: "\n") + "\n").utf8))
    expectCleanExit(result, app, "extreme numbers")
    if ["todo", "samples"].contains(app) {
      #expect(result.text.contains("There is no todo 0; "), "\(result.text)")
    }
    if ["split", "samples"].contains(app) {
      #expect(result.text.contains("No planet '-9223372036854775808'"), "\(result.text)")
    }
  }

  @Test(arguments: [
    ("samples", "open tictactoe\nlogin secure@example.com password\ncod"),
    ("tictactoe", "login secure@example.com password\ncode"),
    ("tictactoe", "login player@example.com password\nstart\nplay 5\nleave"),
    ("todo", "add milk\nedit 1\nrename oat"),
    ("timers", "start tea\nwait 3\nadd pasta"),
    ("split", "select 3\nstar"),
    ("search", "find ap\n+ p\n+"),
  ])
  func endOfInputInTheMiddleOfAFlow(app: String, input: String) async throws {
    let result = try await SampleProcess(app: app).run(input: Data(input.utf8))
    expectCleanExit(result, app, "EOF mid-flow")
  }
}
