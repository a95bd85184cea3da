// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

/// A session saved with `:save` in one process goes on in another started with `--restore`,
/// where `:undo` and `:history` walk its steps.
///
/// Both processes run in one temporary folder, so the transcripts name the file relatively and
/// read the same on every machine. The goldens are `Tests/Transcripts/timers-save.*` and
/// `timers-restore.*`.
@Suite struct SaveRestoreTranscriptTests {
  @Test func saveInOneProcessThenRestoreAndUndoInAnother() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("save-restore-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let transcripts = SampleProcess.transcriptsFolder
    let timers = SampleProcess(app: "timers")

    let saving = try await timers.run(
      input: try Data(contentsOf: transcripts.appendingPathComponent("timers-save.input")),
      workingDirectory: folder)
    #expect(saving.exitedNormally && saving.status == 0)
    try TranscriptTests.expect(saving, matchesGolden: "timers-save")
    let saved = try Data(contentsOf: folder.appendingPathComponent("timers.json"))
    let json = try #require(try JSONSerialization.jsonObject(with: saved) as? [String: Any])
    #expect(json["formatVersion"] as? Int == 1)
    #expect((json["root"] as? [String: Any])?["type"] as? String == "Timers.TimersWorkflow")

    let restoring = try await timers.run(
      input: try Data(contentsOf: transcripts.appendingPathComponent("timers-restore.input")),
      arguments: ["--restore", "timers.json"], workingDirectory: folder)
    #expect(restoring.exitedNormally && restoring.status == 0)
    #expect(!restoring.text.contains("warning:"), "restoring printed a warning")
    try TranscriptTests.expect(restoring, matchesGolden: "timers-restore")
  }
}
