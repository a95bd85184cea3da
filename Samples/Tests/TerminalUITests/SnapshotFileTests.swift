// SPDX-License-Identifier: Apache-2.0

import Foundation
import TerminalUI
import Testing
import Workflow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The snapshot files of `:save`, `--restore` and the state file: the core's JSON text, read
/// back whole, with the size limit and the reasons a file is not used.
@Suite struct SnapshotFileTests {
  private let snapshot = WorkflowSnapshot(
    root: .init(
      workflowType: "Todo.TodoWorkflow", key: "", state: Data(#"{"nextID":2,"todos":[]}"#.utf8),
      children: [
        .init(
          workflowType: "Todo.TodoEditorWorkflow", key: "editor \"1\" é",
          state: Data(#"{"draft":"a\nb"}"#.utf8), children: [])
      ]))

  @Test func aSavedFileHoldsThePrettyJSONOfTheSnapshotAndReadsBack() throws {
    let folder = try TemporaryFolder()
    try SnapshotFile.write(snapshot, to: folder.file("s.json"), createsFolders: false)
    let bytes = try #require(FileManager.default.contents(atPath: folder.file("s.json")))
    #expect(bytes == (try snapshot.jsonData()))
    #expect(
      String(decoding: bytes, as: UTF8.self).contains(
        "\n        \"state\" : {\"draft\":\"a\\nb\"},\n"))
    #expect(try SnapshotFile.read(folder.file("s.json")).get() == snapshot)
  }

  @Test func aFileThatIsNotASnapshotSaysWhatIsWrongAndWhere() throws {
    let folder = try TemporaryFolder()
    var text = String(decoding: try snapshot.jsonData(), as: UTF8.self)
    text = text.replacingOccurrences(of: #"{"draft":"a\nb"}"#, with: #"{"draft":"a\nb"]"#)
    try folder.write(text, to: "s.json")
    #expect(
      SnapshotFile.read(folder.file("s.json"))
        == .failure(
          .notASnapshot(
            "The given data was not valid JSON. Expected ',' or '}' after an object member but"
              + " found ']' at line 7, column 34 (at root.children.0.state)")))
  }

  @Test func aFileOverTheSizeLimitIsRefusedUnreadAndMovedAside() throws {
    let folder = try TemporaryFolder()
    try folder.write("", to: "huge.json")
    // A sparse file: its size is over the limit without 65 MB written.
    #expect(truncate(folder.file("huge.json"), 65 << 20) == 0)
    let result = SnapshotFile.read(folder.file("huge.json"))
    guard case .failure(let failure) = result else {
      Issue.record("read a snapshot from 65 MB of zeros")
      return
    }
    #expect(failure.description == "it is larger than 64 MB")
    #expect(failure.isUnusableContent)
  }

  @Test func aFiftyMegabyteSnapshotIsReadWhole() throws {
    let folder = try TemporaryFolder()
    let item = Array(
      #""a todo of about ninety bytes, with an escape \" and an é in it ......................","#
        .utf8
    )
    var state: [UInt8] = [UInt8(ascii: "[")]
    state.reserveCapacity(item.count * 600_000 + 8)
    for _ in 0..<600_000 { state += item }
    state[state.count - 1] = UInt8(ascii: "]")
    let big = WorkflowSnapshot(
      root: .init(workflowType: "Todo.TodoWorkflow", key: "", state: Data(state), children: []))
    try SnapshotFile.write(big, to: folder.file("big.json"), createsFolders: false)
    let size = try FileManager.default.attributesOfItem(atPath: folder.file("big.json"))[.size]
    #expect((size as? Int ?? 0) > 50_000_000)
    #expect(try SnapshotFile.read(folder.file("big.json")).get().root.state == Data(state))
  }
}
