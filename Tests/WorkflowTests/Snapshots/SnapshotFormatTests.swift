// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import Workflow

/// The snapshot format, run against both ways of writing and reading it: the JSON form
/// (`jsonData(prettyPrinted:)`, `init(jsonData:)`), whose reader and writer define the format,
/// and the `Codable` form with `JSONEncoder` and `JSONDecoder`, built on them. Every case holds
/// alike for both; what only the JSON text shows (its layout, states kept byte for byte, the
/// messages for text that is not JSON) is in ``SnapshotJSONTests``.
@Suite struct SnapshotFormatTests {
  /// A way to write and read a snapshot.
  enum Coding: String, CaseIterable, CustomTestStringConvertible {
    case jsonForm
    case codable

    var testDescription: String { rawValue }

    func write(_ snapshot: WorkflowSnapshot) throws -> Data {
      switch self {
      case .jsonForm: try snapshot.jsonData()
      case .codable: try JSONEncoder().encode(snapshot)
      }
    }

    func read(_ data: Data) throws -> WorkflowSnapshot {
      switch self {
      case .jsonForm: try WorkflowSnapshot(jsonData: data)
      case .codable: try JSONDecoder().decode(WorkflowSnapshot.self, from: data)
      }
    }

    /// Why `text` is not a snapshot, as users see it, or what it holds.
    func reason(_ text: String) -> String {
      do {
        return "read a snapshot of \(try read(Data(text.utf8)).root.workflowType)"
      } catch {
        return WorkflowSnapshot.failureReason(for: error)
      }
    }
  }

  /// `snapshot` with each state parsed, to compare snapshots whose states differ only in layout.
  static func parsedStates(_ snapshot: WorkflowSnapshot) throws -> ParsedNode {
    try ParsedNode(snapshot.root)
  }

  // MARK: Round trips

  @Test(arguments: Coding.allCases)
  func typesKeysAndTheTreeComeBack(coding: Coding) throws {
    let snapshot = SnapshotJSONTests.tree(
      names: SnapshotJSONTests.oddNames, states: [#"{"a":[1,null]}"#, nil, "2"])
    #expect(try coding.read(coding.write(snapshot)) == snapshot)
  }

  @Test(arguments: Coding.allCases)
  func statesComeBackAsTheSameJSON(coding: Coding) throws {
    let snapshot = SnapshotJSONTests.tree(
      names: ["A", "B"],
      states: [
        "0", "-12", "9223372036854775807", "1.5", "true", "null", #""é\n😀""#, "[]", "{}",
        #"{"z":1,"a":{"y":[1,2,{"x":null}]}}"#,
      ])
    let read = try coding.read(coding.write(snapshot))
    #expect(try Self.parsedStates(read) == Self.parsedStates(snapshot))
  }

  @Test(arguments: Coding.allCases)
  func aNullStateIsAStateAndAMissingOneIsNone(coding: Coding) throws {
    let snapshot = WorkflowSnapshot(
      root: .init(
        workflowType: "A", key: "", state: Data("null".utf8),
        children: [.init(workflowType: "B", key: "b", state: nil, children: [])]))
    let read = try coding.read(coding.write(snapshot))
    #expect(read.root.state == Data("null".utf8))
    #expect(read.root.children.first?.state == nil)
  }

  @Test(arguments: Coding.allCases)
  func bothWriteTheSameDocument(coding: Coding) throws {
    let snapshot = SnapshotJSONTests.tree(
      names: SnapshotJSONTests.oddNames,
      states: [#"{"a":[true,false,null],"n":-3,"pi":3.25,"s":"é\n"}"#, nil, "[1,[2]]", "null"])
    #expect(
      try JSONValue(parsing: coding.write(snapshot))
        == JSONValue(parsing: Coding.jsonForm.write(snapshot)))
  }

  @MainActor
  @Test(arguments: Coding.allCases)
  func aHostRestoresFromEither(coding: Coding) throws {
    let host = WorkflowHost(workflow: Reminder())
    #expect(
      WorkflowHost(
        workflow: Reminder(), restoringFrom: try coding.read(coding.write(host.snapshot()))
      )
      .rendering.value.text == "remember")
    host.rendering.value.sink.send(.clear)
    let snapshot = try host.snapshot()
    #expect(snapshot.root.state == Data("null".utf8))
    let restored = try coding.read(coding.write(snapshot))
    #expect(WorkflowHost(workflow: Reminder(), restoringFrom: restored).rendering.value.text == nil)
  }

  // MARK: Reading

  /// Snapshots of the format: members in any order, unknown members, `null` for absent keys
  /// and children, a whole format version written with a fraction.
  static let goodTexts = [
    #"{"formatVersion":1,"root":{"type":"A"}}"#,
    #"{"root":{"key":"k","type":"A"},"formatVersion":1}"#,
    #"{"formatVersion":1.0,"root":{"type":"A"}}"#,
    #"{"formatVersion":1,"root":{"type":"A","key":null,"children":null,"state":{"a":1}}}"#,
    """
    \u{FEFF}{ "formatVersion" : 1 , "unknown" : [ { "deep" : [ 1, { } ] } ] ,
      "root" : { "extra" : null, "type" : "A", "children" : [
        { "type" : "B", "key" : "b", "state" : [ 1 , "x" ] },
        { "type" : "C", "children" : [ { "type" : "D", "state" : "d" } ] } ] } }\r\n\t
    """,
  ]

  @Test(arguments: Coding.allCases, goodTexts)
  func readsEverySnapshotOfTheFormat(coding: Coding, text: String) throws {
    let read = try coding.read(Data(text.utf8))
    let expected = try Coding.jsonForm.read(Data(text.utf8))
    #expect(try Self.parsedStates(read) == Self.parsedStates(expected))
    #expect(read.root.workflowType == "A")
  }

  @Test func theLastGoodTextHoldsItsTree() throws {
    let root = try WorkflowSnapshot(jsonData: Data(Self.goodTexts[4].utf8)).root
    #expect(root.key == "" && root.state == nil)
    #expect(root.children.map(\.workflowType) == ["B", "C"])
    #expect(root.children[0].state == Data(#"[1,"x"]"#.utf8))
    #expect(root.children[1].children.map(\.key) == [""])
  }

  /// JSON that is not a snapshot of this format, and what the user is told.
  static let notSnapshots: [(text: String, reason: String)] = [
    (
      #"{"formatVersion":7,"root":{"type":"A"}}"#,
      "snapshot format 7 is not supported (this build reads 1) (at formatVersion)"
    ),
    (
      #"{"root":{"type":5},"formatVersion":7}"#,
      "snapshot format 7 is not supported (this build reads 1) (at formatVersion)"
    ),
    (#"{"root":{"type":"A"}}"#, "missing key 'formatVersion' at the top level"),
    (#"{"formatVersion":"1","root":{"type":"A"}}"#, "expected Int at formatVersion"),
    (#"{"formatVersion":1.5,"root":{"type":"A"}}"#, "expected Int at formatVersion"),
    (#"{"formatVersion":1}"#, "missing key 'root' at the top level"),
    (#"{"formatVersion":1,"root":7}"#, "expected an object at root"),
    (#"{"formatVersion":1,"root":null}"#, "missing an object value at root"),
    ("[1, 2]", "expected an object at the top level"),
    (#"{"formatVersion":1,"root":{"key":"k"}}"#, "missing key 'type' at root"),
    (
      #"{"formatVersion":1,"root":{"type":"A","children":[{"type":"B"},{"key":"k"}]}}"#,
      "missing key 'type' at root.children.1"
    ),
    (#"{"formatVersion":1,"root":{"type":5}}"#, "expected String at root.type"),
    (#"{"formatVersion":1,"root":{"type":null}}"#, "missing String value at root.type"),
    (#"{"formatVersion":1,"root":{"type":"A","key":[]}}"#, "expected String at root.key"),
    (#"{"formatVersion":1,"root":{"type":"A","children":{}}}"#, "expected a list at root.children"),
    (
      #"{"formatVersion":1,"root":{"type":"A","children":[7]}}"#,
      "expected an object at root.children.0"
    ),
  ]

  @Test(arguments: Coding.allCases, notSnapshots)
  func jsonThatIsNotASnapshotIsRefusedForTheSameReason(
    coding: Coding, notSnapshot: (text: String, reason: String)
  ) {
    #expect(coding.reason(notSnapshot.text) == notSnapshot.reason)
  }

  // MARK: Inside other documents

  private struct Saved: Codable, Equatable {
    var name: String
    var snapshot: WorkflowSnapshot
    var nodes: [WorkflowSnapshot.Node]
  }

  @Test func aSnapshotAndItsNodesTravelInsideAnotherDocument() throws {
    let snapshot = SnapshotJSONTests.tree(names: ["A", "B"], states: [#"{"a":1}"#, nil])
    let saved = Saved(name: "s", snapshot: snapshot, nodes: snapshot.root.children)
    let text = try JSONEncoder().encode(saved)
    let object = try #require(try JSONSerialization.jsonObject(with: text) as? [String: Any])
    let nested = try #require(object["snapshot"] as? [String: Any])
    #expect(nested["formatVersion"] as? Int == 1)
    #expect(try JSONDecoder().decode(Saved.self, from: text) == saved)
  }

  @Test func errorsInsideAnotherDocumentNameThePathFromItsTop() {
    let text =
      #"{"name":"s","nodes":[{"type":"A"},{"key":"k"}],"snapshot":{"formatVersion":1,"root":{"type":"A"}}}"#
    #expect(
      Self.reasonDecoding(Saved.self, text) == "missing key 'type' at nodes.1")
    let newer = #"{"name":"s","nodes":[],"snapshot":{"formatVersion":2,"root":{"type":"A"}}}"#
    #expect(
      Self.reasonDecoding(Saved.self, newer)
        == "snapshot format 2 is not supported (this build reads 1) (at snapshot.formatVersion)")
  }
}

extension SnapshotFormatTests {
  /// Why `text` does not decode as `T` with `JSONDecoder`, as users see it.
  static func reasonDecoding<T: Decodable>(_ type: T.Type, _ text: String) -> String {
    do {
      _ = try JSONDecoder().decode(type, from: Data(text.utf8))
      return "decoded"
    } catch {
      return WorkflowSnapshot.failureReason(for: error)
    }
  }
}

/// A snapshot node with its state parsed.
struct ParsedNode: Equatable {
  var type: String
  var key: String
  var state: JSONValue?
  var children: [ParsedNode]

  init(_ node: WorkflowSnapshot.Node) throws {
    type = node.workflowType
    key = node.key
    state = try node.state.map { try JSONValue(parsing: $0) }
    children = try node.children.map(ParsedNode.init)
  }
}

/// A parsed JSON value that can be compared, from what JSONSerialization gives.
indirect enum JSONValue: Equatable {
  case null
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(parsing data: Data) throws {
    self.init(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
  }

  init(_ value: Any) {
    switch value {
    case let value as [String: Any]: self = .object(value.mapValues(JSONValue.init))
    case let value as [Any]: self = .array(value.map(JSONValue.init))
    case let value as String: self = .string(value)
    // Booleans come as numbers too: true is 1.
    case let value as NSNumber: self = .number(value.doubleValue)
    default: self = .null
    }
  }
}

/// A workflow whose state is an optional that starts set.
struct Reminder: SnapshottableWorkflow {
  enum Action: WorkflowAction {
    typealias WorkflowType = Reminder
    case clear

    func apply(toState state: inout String?, context: ApplyContext<Reminder>) -> Never? {
      state = nil
      return nil
    }
  }

  struct Rendering {
    var text: String?
    var sink: Sink<Action>
  }

  func makeInitialState() -> String? { "remember" }

  func render(state: String?, context: RenderContext<Reminder>) -> Rendering {
    Rendering(text: state, sink: context.makeSink(of: Action.self))
  }
}
