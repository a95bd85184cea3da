// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

/// Each app's scripted session (`Tests/Transcripts/<app>.input`) must print exactly its golden
/// transcript (`<app>.expected`).
///
/// After an intended change of output, regenerate the goldens with
/// `UPDATE_TRANSCRIPTS=1 swift test --filter TranscriptTests` (or `make transcripts`) and
/// review the diff.
@Suite struct TranscriptTests {
  @Test(arguments: SampleProcess.apps)
  func sessionMatchesTheGoldenTranscript(app: String) async throws {
    let folder = SampleProcess.transcriptsFolder
    let input = try Data(contentsOf: folder.appendingPathComponent("\(app).input"))
    let result = try await SampleProcess(app: app).run(input: input)
    #expect(result.exitedNormally && result.status == 0, "\(app) exited with \(result.status)")
    try Self.expect(result, matchesGolden: app)
  }

  /// Records an issue unless `result` printed exactly `Tests/Transcripts/<name>.expected`; with
  /// `UPDATE_TRANSCRIPTS=1`, writes the golden instead.
  static func expect(
    _ result: SampleProcess.Result, matchesGolden name: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let expectedURL = SampleProcess.transcriptsFolder.appendingPathComponent("\(name).expected")
    if ProcessInfo.processInfo.environment["UPDATE_TRANSCRIPTS"] == "1" {
      try result.output.write(to: expectedURL)
      return
    }
    let expected = try String(contentsOf: expectedURL, encoding: .utf8)
    let actual = result.text
    if actual != expected {
      Issue.record(
        """
        \(name) transcript differs from \(expectedURL.path) \
        (regenerate with UPDATE_TRANSCRIPTS=1 swift test --filter TranscriptTests):
        \(Self.firstDifference(expected: expected, actual: actual))
        """, sourceLocation: sourceLocation)
    }
  }

  /// The first line that differs, with its number, for a readable failure.
  static func firstDifference(expected: String, actual: String) -> String {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(expectedLines.count, actualLines.count) {
      let want = index < expectedLines.count ? String(expectedLines[index]) : "<end>"
      let got = index < actualLines.count ? String(actualLines[index]) : "<end>"
      if want != got { return "line \(index + 1):\n  expected: \(want)\n  actual:   \(got)" }
    }
    return "(no line differs)"
  }
}
