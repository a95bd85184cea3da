// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The launcher keeps its own state file, holding the open app's state: an app opened in
/// `samples` is saved as it is in its own executable, and the next launch goes on there.
@Suite struct LauncherPersistenceTests {
  @Test func aSecondLaunchReopensTheAppWhereTheFirstLeftIt() async throws {
    let folder = try TestFolder("launcher")
    let samples = SampleProcess(app: "samples")
    let variables = ["XDG_STATE_HOME": folder.path]

    let first = try await samples.run(
      input: Data("open todo\nadd survive the restart\nquit\n".utf8), variables: variables)
    #expect(first.exitedNormally && first.status == 0)
    var info = stat()
    #expect(stat(folder.file("samples/state.json"), &info) == 0 && info.st_mode & 0o777 == 0o600)

    let second = try await samples.run(
      input: Data("menu\nopen todo\nquit\n".utf8), variables: variables)
    #expect(second.exitedNormally && second.status == 0)
    #expect(!second.text.contains("warning"), "\(second.text)")
    #expect(
      second.text.hasPrefix("Todos\n-----\n1. [ ] survive the restart\nsamples/todo> menu\n"),
      "\(second.text)")
    // 'menu' drops the app's state, as its help says: opening it again starts afresh.
    #expect(
      second.text.contains("samples> open todo\n\nTodos\n-----\nNothing to do."),
      "\(second.text)")

    let third = try await samples.run(input: Data("quit\n".utf8), variables: variables)
    #expect(third.text.hasPrefix("Todos\n-----\nNothing to do."), "\(third.text)")
  }
}
