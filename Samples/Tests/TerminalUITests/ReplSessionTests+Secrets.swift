// SPDX-License-Identifier: Apache-2.0

import Foundation
import TerminalUI
import Testing
import Workflow

/// A secret argument is masked in the echo, left out of the history file, and absent from
/// `:trace`, `:history`, `--trace` and snapshots.
@MainActor
@Suite struct ReplSessionSecretTests {
  private let password = "hunter2-\(UUID().uuidString)"

  private func makeSession(
    traceFile: String? = nil, isInteractive: Bool = false
  ) -> (ReplSession<SignInWorkflow>, Transcript) {
    // Without a restore or state file, a session always starts.
    try! startSession(
      SignInWorkflow(), name: "signin", traceFile: traceFile,
      transcript: Transcript(echoesInput: true, isInteractive: isInteractive))
  }

  @Test func theEchoMasksTheSecret() {
    let (session, transcript) = makeSession()
    _ = session.handle("login ann@example.com \(password)")
    let text = transcript.takeText()
    #expect(text.hasPrefix("signin> login ann@example.com ••••••\n"))
    #expect(!text.contains(password))
    #expect(text.contains("Checking ann@example.com"))
  }

  @Test func theHistoryEntryLeavesTheSecretOut() {
    let (session, transcript) = makeSession()
    for line in [
      "login ann@example.com \(password)", "login 'ann x' \(password)", "login ann", "help", "   ",
      "login ''  \(password)",
    ] {
      _ = session.handle(line)
    }
    #expect(
      transcript.console.remembered == [
        "login ann@example.com", #"login ann\ x"#, "login ann", "help", "login ''",
      ])
  }

  @Test func theHistoryEntryOfALineThatAskedForItsSecretIsKeptOnceWithoutIt() {
    let (session, transcript) = makeSession(isInteractive: true)
    _ = session.handle("login ann")
    _ = session.send(.secret(password))
    #expect(transcript.console.remembered == ["login ann"])
  }

  @Test func traceHistoryTreeAndSnapshotsHoldNoSecret() throws {
    let folder = try TemporaryFolder()
    let traceFile = folder.file("trace.jsonl")
    let (session, transcript) = makeSession(traceFile: traceFile)
    _ = session.handle("login ann@example.com \(password)")
    _ = transcript.takeText()
    for command in [":trace", ":history", ":tree"] {
      _ = session.handle(command)
      let text = transcript.takeText()
      #expect(!text.contains(password), "\(command) shows the password:\n\(text)")
    }
    _ = session.handle(":trace 1")
    #expect(transcript.takeText().contains("••••••"))
    let trace = try #require(folder.contents(of: "trace.jsonl"))
    #expect(trace.contains("ann@example.com"))
    #expect(!trace.contains(password))
    let snapshot = String(decoding: try session.host.snapshot().jsonData(), as: UTF8.self)
    #expect(!snapshot.contains(password))
    _ = session.handle(":save \(folder.file("saved.json"))")
    #expect(!(folder.contents(of: "saved.json") ?? "").contains(password))
  }

  @Test func onATerminalALeftOutSecretIsAskedForAndTheLineRunsWithIt() {
    let (session, transcript) = makeSession(isInteractive: true)
    #expect(
      session.handle("login ann") == .readSecret(prompt: "Password for login (not shown): "))
    #expect(transcript.takeText() == "", "the line was shown before its secret came")
    #expect(session.phase == .awaitingSecret)
    #expect(session.send(.secret(password)) == .readLine)
    let text = transcript.takeText()
    #expect(text.hasPrefix("signin> login ann ••••••\n\nSign in\n"))
    #expect(text.contains("Checking ann"))
    #expect(!text.contains(password))
    #expect(session.host.rendering.value.body == ["Checking ann"])
  }

  @Test func aSecretNotGivenLeavesTheLineUnrun() {
    let (session, transcript) = makeSession(isInteractive: true)
    #expect(
      session.handle("login ann") == .readSecret(prompt: "Password for login (not shown): "))
    #expect(session.send(.secret(nil)) == .readLine)
    #expect(transcript.takeText() == "signin> login ann\n(not run: no secret given)\n")
    #expect(session.host.rendering.value.body == ["Nobody"])
  }

  @Test func aScriptIsNotAskedForASecretItLeftOut() {
    let (session, transcript) = makeSession()
    #expect(session.handle("login ann") == .readLine)
    #expect(
      transcript.takeText()
        == "signin> login ann\nlogin: missing argument <password>\nusage: login <email> <password>\n"
    )
  }
}
