// SPDX-License-Identifier: Apache-2.0

import Foundation

/// State files for the todo app, written the way a saved list looks, for the tests that start
/// the real executable on them.
enum TodoStateFixture {
  /// A snapshot file whose root state is `state` (JSON text), as todo would save it.
  static func snapshot(state: String, children: String = "") -> String {
    let childList = children.isEmpty ? "" : #", "children": [\#(children)]"#
    return
      #"{"formatVersion": 1, "root": {"type": "Todo.TodoWorkflow", "key": "", "state": \#(state)\#(childList)}}"#
  }

  /// A snapshot of `count` todos titled `todo 1`, `todo 2`, ..., each title padded to about
  /// `titleLength` characters.
  static func list(count: Int, titleLength: Int = 0, nextID: Int? = nil) -> String {
    var state = #"{"nextID": \#(nextID ?? count + 1), "todos": ["#
    state.reserveCapacity(count * (titleLength + 48))
    for id in stride(from: 1, through: count, by: 1) {
      let title = "todo \(id)"
      let padding = String(repeating: ".", count: max(0, titleLength - title.count))
      if id > 1 { state += ", " }
      state += #"{"id": \#(id), "title": "\#(title)\#(padding)", "isDone": false}"#
    }
    return snapshot(state: state + "]}")
  }
}

/// A fresh folder under the temporary directory, removed when the value goes away.
final class TestFolder {
  let url: URL
  var path: String { url.path }

  init(_ name: String = "state-file") throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(name)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// The path of `name` inside the folder.
  func file(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }

  /// The bytes of `name`, or nil when there is no such file.
  func contents(of name: String) -> Data? {
    FileManager.default.contents(atPath: file(name))
  }

  /// Writes `text` to `name`.
  func write(_ text: String, to name: String) throws {
    try Data(text.utf8).write(to: url.appendingPathComponent(name))
  }

  /// The names in the folder (or in its subfolder `name`), sorted.
  func names(in name: String = "") throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: name.isEmpty ? path : file(name)).sorted()
  }
}

extension Data {
  /// The snapshot's root state, when the data is a snapshot file.
  var rootState: [String: Any]? {
    let json = try? JSONSerialization.jsonObject(with: self) as? [String: Any]
    return (json?["root"] as? [String: Any])?["state"] as? [String: Any]
  }

  /// The titles of the todos in a todo snapshot file.
  var todoTitles: [String]? {
    (rootState?["todos"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
  }
}
