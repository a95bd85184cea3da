// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The launcher keeps its own state file, holding the state of every app opened: an app opened
/// in `samples` is saved as it is in its own executable, `menu` keeps it, and the next launch
/// goes on there. A snapshot the launcher saves restores in the app's own executable.
@Suite struct LauncherPersistenceTests {
  @Test func menuKeepsTheAppAndASecondLaunchReopensItWhereTheFirstLeftIt() async throws {
    let folder = try TestFolder("launcher")
    let samples = SampleProcess(app: "samples")
    let variables = ["XDG_STATE_HOME": folder.path]

    let first = try await samples.run(
      input: Data("open todo\nadd survive the restart\nquit\n".utf8), variables: variables)
    #expect(first.exitedNormally && first.status == 0)
    var info = stat()
    #expect(stat(folder.file("samples/state.json"), &info) == 0 && info.st_mode & 0o777 == 0o600)

    let second = try await samples.run(
      input: Data("menu\nopen timers\nadd pasta 540\nmenu\nopen todo\nquit\n".utf8),
      variables: variables)
    #expect(second.exitedNormally && second.status == 0)
    #expect(!second.text.contains("warning"), "\(second.text)")
    #expect(
      second.text.hasPrefix("Todos\n-----\n1. [ ] survive the restart\nsamples/todo> menu\n"),
      "\(second.text)")
    // 'menu' keeps the app's state, as its help says: opening it again shows the list.
    #expect(
      second.text.contains("samples> open todo\n\nTodos\n-----\n1. [ ] survive the restart"),
      "\(second.text)")
    #expect(second.text.contains("* todo"), "\(second.text)")

    let third = try await samples.run(
      input: Data("menu\nopen timers\nquit\n".utf8), variables: variables)
    #expect(third.text.hasPrefix("Todos\n-----\n1. [ ] survive the restart"), "\(third.text)")
    #expect(third.text.contains("pasta: 9:00 (paused)"), "\(third.text)")
  }

  @Test func aLauncherSnapshotRestoresInTheAppsOwnExecutable() async throws {
    let folder = try TestFolder("launcher-save")
    let saved = try await SampleProcess(app: "samples").run(
      input: Data("open todo\nadd from the launcher\nmenu\n:save launcher.json\nquit\n".utf8),
      workingDirectory: folder.url, variables: ["XDG_STATE_HOME": folder.file("state")])
    #expect(saved.status == 0)
    #expect(saved.text.contains("Saved to launcher.json."), "\(saved.text)")

    let restored = try await SampleProcess(app: "todo").run(
      input: Data("quit\n".utf8), arguments: ["--restore", "launcher.json"],
      workingDirectory: folder.url, variables: ["TODO_FILE": folder.file("todos.json")])
    #expect(restored.exitedNormally && restored.status == 0, "\(restored.text)")
    #expect(restored.text.hasPrefix("Todos\n-----\n1. [ ] from the launcher\n"), "\(restored.text)")

    // An app the launcher never opened has no part in it.
    let timers = try await SampleProcess(app: "timers").run(
      input: Data("quit\n".utf8), arguments: ["--restore", "launcher.json"],
      workingDirectory: folder.url, variables: ["XDG_STATE_HOME": folder.file("state")])
    #expect(timers.status == 2)
    #expect(
      timers.text.contains("the snapshot was saved from Launcher.LauncherWorkflow"),
      "\(timers.text)")
  }
}
