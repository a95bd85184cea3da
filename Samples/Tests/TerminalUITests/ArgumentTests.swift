// SPDX-License-Identifier: Apache-2.0

import Foundation
import TerminalUI
import Testing

/// Integer arguments are range-checked before a command runs; secret arguments reach it as
/// ``SecretText``.
@Suite struct ArgumentTests {
  private func row(_ received: Recorder<Int>) -> Command {
    Command("done", arguments: [.integer("row", in: 1...3)], help: "") { values in
      received.values.append(values.integer(at: 0))
      return .done
    }
  }

  @Test(arguments: ["1", "2", "3", "+2"])
  func anIntegerInRangeRunsTheCommand(value: String) {
    let received = Recorder<Int>()
    #expect(row(received).perform([value]) == .done)
    #expect(received.values == [Int(value)!])
  }

  @Test(arguments: [
    "0", "-1", "4", "9223372036854775807", "-9223372036854775808", "99999999999999999999",
    "-99999999999999999999",
  ])
  func anIntegerOutOfRangeIsRefusedWithoutRunningTheCommand(value: String) {
    let received = Recorder<Int>()
    #expect(row(received).perform([value]) == .refused("Row must be between 1 and 3."))
    #expect(received.values.isEmpty)
  }

  @Test(arguments: ["x", "", "1.5", "3a", "-", "٣"])
  func aValueThatIsNoIntegerIsAUsageError(value: String) {
    let received = Recorder<Int>()
    #expect(row(received).perform([value]) == .usageError("invalid <row>: '\(value)' (1 to 3)"))
    #expect(received.values.isEmpty)
  }

  @Test func anOptionalIntegerLeftOutRunsTheCommand() {
    let command = Command(
      "trace", arguments: [.integer("count", in: 1...10, isOptional: true)], help: ""
    ) { values in .message("\(values.count)") }
    #expect(command.perform([]) == .message("0"))
    #expect(command.perform(["11"]) == .refused("Count must be between 1 and 10."))
  }

  @Test func aSecretArgumentArrivesAsSecretText() {
    let received = Recorder<SecretText>()
    let login = Command("login", arguments: [Argument("email"), .secret("password")], help: "") {
      values in
      received.values.append(values.secret(at: 1))
      return .done
    }
    #expect(login.arguments[1].isSecret)
    #expect(login.usage == "login <email> <password>")
    #expect(login.perform(["ann@example.com", "hunter2"]) == .done)
    #expect(received.values.map(\.revealed) == ["hunter2"])
  }

  @Test func readingASecretThatIsNotDeclaredOneTrapsNamingTheCommandAndTheRemedy() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let command = Command("login", arguments: [Argument("email")], help: "") { values in
        _ = values.secret(at: 0)
        return .done
      }
      _ = command.perform(["ann"])
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(
        message.contains(
          "Command 'login': argument 0 ('email') is not secret; declare it with"
            + " Argument.secret(_:)"))
    }
  }

  @Test func readingAnIntegerThatIsNotDeclaredOneTrapsNamingTheCommandAndTheRemedy() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let command = Command("open", arguments: [Argument("index")], help: "") { values in
        _ = values.integer(at: 0)
        return .done
      }
      _ = command.perform(["2"])
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(
        message.contains(
          "Command 'open': argument 0 ('index') is not an integer argument; declare it with"
            + " Argument.integer(_:in:)"))
    }
  }
}

/// Collects what a command received.
final class Recorder<Value> {
  var values: [Value] = []
}
