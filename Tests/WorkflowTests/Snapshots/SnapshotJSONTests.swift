// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import Workflow

/// What only the snapshot's JSON form shows, as `jsonData(prettyPrinted:)` writes it and
/// `init(jsonData:)` reads it: its layout, states copied byte for byte, and a message for every
/// kind of text that is not JSON. The format itself, shared with the `Codable` form, is
/// ``SnapshotFormatTests``.
@Suite struct SnapshotJSONTests {
  /// Type names and keys that need escapes or are not ASCII.
  static let oddNames = [
    "", "Plain.Type", "quote \" and backslash \\", "slash / and tab \t", "line\nfeed\rreturn",
    "controls \u{0}\u{1}\u{8}\u{C}\u{1F}\u{7F}", "é ü 中文", "emoji 😀 👨‍👩‍👧 🇫🇷",
    "\u{2028}\u{2029}", "\u{FEFF}mark",
  ]

  /// Compact states of every kind of JSON value, as JSONEncoder writes them or could.
  static let compactStates = [
    "0", "-0", "-12", "9223372036854775807", "-9223372036854775808", "18446744073709551615",
    "123456789012345678901234567890", "1.5", "-0.25e-7", "6.02E+23", "1e400", "true", "false",
    "null", #""""#, #""q\"b\\s\/\b\f\n\r\t\u0001\u00e9é😀\ud83d\ude00""#, "[]", "{}",
    #"[[],[[]],{"a":[{}]},[1,[2,[3]]]]"#, #"{"z":1,"a":{"y":[1,2,{"x":null}]},"m":"é"}"#,
    #"{"a":1,"a":2}"#,
  ]

  /// A tree three levels deep whose types, keys and states are the ones given, in turn.
  static func tree(names: [String], states: [String?]) -> WorkflowSnapshot {
    var index = 0
    func next() -> (String, String, Data?) {
      defer { index += 1 }
      return (
        names[index % names.count], names[(index + 1) % names.count],
        states[index % states.count].map { Data($0.utf8) }
      )
    }
    func node(level: Int) -> WorkflowSnapshot.Node {
      let (type, key, state) = next()
      let children = level < 2 ? [node(level: level + 1), node(level: level + 1)] : []
      return .init(workflowType: type, key: key, state: state, children: children)
    }
    return WorkflowSnapshot(root: node(level: 0))
  }

  /// Why `text` is not a snapshot, as users see it.
  private func reason(_ text: String) -> String {
    reason(Data(text.utf8))
  }

  private func reason(_ data: Data) -> String {
    do {
      let snapshot = try WorkflowSnapshot(jsonData: data)
      return "read a snapshot of \(snapshot.root.workflowType)"
    } catch let error as DecodingError {
      return WorkflowSnapshot.failureReason(for: error)
    } catch {
      return "not a DecodingError: \(error)"
    }
  }

  // MARK: Round trips

  @Test(arguments: [true, false])
  func oddTypesAndKeysComeBack(prettyPrinted: Bool) throws {
    let snapshot = Self.tree(names: Self.oddNames, states: [#"{"a":[1,null]}"#, nil, "2"])
    let data = try snapshot.jsonData(prettyPrinted: prettyPrinted)
    #expect(try WorkflowSnapshot(jsonData: data) == snapshot)
  }

  @Test func escapesInTypesAndKeysAreDecoded() throws {
    let text = #"""
      {"formatVersion":1,"root":{"type":"A\u00e9\ud83d\ude00\n\"\\\/\b\f\r\t\u0000","key":"\u4e2d"}}
      """#
    let root = try WorkflowSnapshot(jsonData: Data(text.utf8)).root
    #expect(root.workflowType == "Aé😀\n\"\\/\u{8}\u{C}\r\t\u{0}")
    #expect(root.key == "中")
  }

  @Test(arguments: [true, false])
  func statesOfEveryKindComeBackByteForByte(prettyPrinted: Bool) throws {
    let snapshot = Self.tree(names: ["A", "B"], states: Self.compactStates)
    let read = try WorkflowSnapshot(jsonData: try snapshot.jsonData(prettyPrinted: prettyPrinted))
    #expect(read == snapshot)
  }

  @Test func aStateJSONEncoderMadeComesBackByteForByte() throws {
    struct Values: Codable {
      var small = Int.min
      var large = UInt64.max
      var fraction = -1.25e-300
      var nothing: Int? = nil
      var flags = [true, false]
      var nested = [[["deep": [1.5, 2]]], []]
      var text = "\"\\/\u{0}\u{1F}\n\té😀"
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let state = try encoder.encode(Values())
    let snapshot = WorkflowSnapshot(
      root: .init(workflowType: "A", key: "", state: state, children: []))
    for prettyPrinted in [true, false] {
      let read = try WorkflowSnapshot(jsonData: try snapshot.jsonData(prettyPrinted: prettyPrinted))
      #expect(read.root.state == state)
    }
  }

  @Test func aPrettyPrintedStateIsReadCompactInTheOrderWritten() throws {
    let text = """
      {
        "formatVersion" : 1,
        "root" : {
          "type" : "A",
          "state" : {
            "b" : [ 1 , 2,
              { "c" : "x y\\t" } ],
            "a" : "  spaces inside  " ,
            "e" : { }
          }
        }
      }
      """
    let state = try WorkflowSnapshot(jsonData: Data(text.utf8)).root.state
    #expect(
      state.map { String(decoding: $0, as: UTF8.self) }
        == #"{"b":[1,2,{"c":"x y\t"}],"a":"  spaces inside  ","e":{}}"#)
  }

  @Test func statesJSONEncoderPrettyPrintedAreReadAsItsCompactForm() throws {
    let snapshot = Self.tree(
      names: ["A", "B"], states: [#"{"a":[true,{"b":"c d"}],"z":-1.5}"#, "[[],{}]", #""s""#])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let pretty = try encoder.encode(snapshot)
    #expect(String(decoding: pretty, as: UTF8.self).contains("\"a\" : ["), "states were indented")
    #expect(try WorkflowSnapshot(jsonData: pretty) == snapshot)
  }

  // MARK: The text written

  /// A small tree with every part the format has.
  private static let smallTree = WorkflowSnapshot(
    root: .init(
      workflowType: "M.Root", key: "", state: Data("[1,2]".utf8),
      children: [
        .init(workflowType: "M.Child", key: "a\"b", state: Data(#"{"x":1}"#.utf8), children: []),
        .init(
          workflowType: "M.Holder", key: "", state: nil,
          children: [.init(workflowType: "M.Leaf", key: "", state: nil, children: [])]),
      ]))

  @Test func prettyTextIsTheFileFormatOfEarlierBuilds() throws {
    let text = String(decoding: try Self.smallTree.jsonData(), as: UTF8.self)
    #expect(
      text == """
        {
          "formatVersion" : 1,
          "root" : {
            "children" : [
              {
                "key" : "a\\"b",
                "state" : {"x":1},
                "type" : "M.Child"
              },
              {
                "children" : [
                  {
                    "key" : "",
                    "type" : "M.Leaf"
                  }
                ],
                "key" : "",
                "type" : "M.Holder"
              }
            ],
            "key" : "",
            "state" : [1,2],
            "type" : "M.Root"
          }
        }

        """)
  }

  @Test func compactTextHasNoWhitespace() throws {
    let text = String(decoding: try Self.smallTree.jsonData(prettyPrinted: false), as: UTF8.self)
    #expect(
      text
        == #"{"formatVersion":1,"root":{"children":[{"key":"a\"b","state":{"x":1},"type":"M.Child"},"#
        + #"{"children":[{"key":"","type":"M.Leaf"}],"key":"","type":"M.Holder"}],"key":"","#
        + #""state":[1,2],"type":"M.Root"}}"#)
  }

  /// A chain of `count` nodes, each the only child of the one before.
  private func chain(_ count: Int) -> WorkflowSnapshot {
    var node = WorkflowSnapshot.Node(
      workflowType: "Leaf", key: "", state: Data("1".utf8), children: [])
    for _ in 1..<count { node = .init(workflowType: "Link", key: "", state: nil, children: [node]) }
    return WorkflowSnapshot(root: node)
  }

  @Test func aTreeTooDeepToReadBackIsNotWritten() throws {
    // Each node is two levels of JSON (its object and its children list) under the top level.
    let deepest = chain(256)
    #expect(try WorkflowSnapshot(jsonData: try deepest.jsonData()) == deepest)
    #expect(throws: EncodingError.self) { try chain(257).jsonData() }
  }

  @Test(arguments: [
    ("not json", "Expected a value but found 'not'"),
    ("[1,2", "Expected ',' or ']' after a list item but found the end of the data"),
    ("1 2", "Expected the end of the value but found '2'"),
    (
      String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
      "Too many nested arrays and objects (more than 512)"
    ),
  ])
  func aStateThatIsNotJSONFailsTheWriteAndSaysWhere(state: String, detail: String) {
    var snapshot = Self.smallTree
    snapshot.root.children[0].state = Data(state.utf8)
    for prettyPrinted in [true, false] {
      do {
        _ = try snapshot.jsonData(prettyPrinted: prettyPrinted)
        Issue.record("wrote a state of \(state.prefix(20))")
      } catch {
        let message = "\(error)"
        #expect(message.contains("the state of M.Child is not JSON: "), "\(message)")
        #expect(message.contains(detail), "\(message)")
        #expect(message.contains("children"), "names the node: \(message)")
      }
    }
  }

  // MARK: Text that is not JSON

  private static let head = #"{"formatVersion":1,"root":{"type":"A","state":"#
  private static let notJSON = "The given data was not valid JSON. "

  /// Each kind of bad text and what the user is told.
  static let badTexts: [(text: String, reason: String)] = [
    // Not JSON: what was expected, where, and in which part of the snapshot.
    ("", notJSON + "Expected a value but found the end of the data at line 1, column 1"),
    ("not json", notJSON + "Expected a value but found 'not' at line 1, column 1"),
    (
      #"{"todos": "#,
      notJSON + "Expected a value but found the end of the data at line 1, column 11 (at todos)"
    ),
    (
      head + #"{"a":[1,"#,
      notJSON
        + "Expected a value but found the end of the data at line 1, column 55 (at root.state)"
    ),
    (
      head + #"{"a":tru}}}"#,
      notJSON + "Expected a value but found 'tru' at line 1, column 52 (at root.state)"
    ),
    (
      head + #"{"a" 1}}}"#,
      notJSON
        + "Expected ':' after a member name but found '1' at line 1, column 52 (at root.state)"
    ),
    (
      head + #"{"a":1,}}}"#,
      notJSON
        + "Expected a member name in quotes but found '}' at line 1, column 54 (at root.state)"
    ),
    (
      head + "[1 2]}}",
      notJSON
        + "Expected ',' or ']' after a list item but found '2' at line 1, column 50 (at root.state)"
    ),
    (
      "{\"formatVersion\": 1, \"root\": {\"type\": \"A\",\n  \"state\": {\n    \"x\": [1, 2,, 3]}}}",
      notJSON + "Expected a value but found ',' at line 3, column 16 (at root.state)"
    ),
    (head + "01}}", notJSON + "Invalid number '01' at line 1, column 47 (at root.state)"),
    (head + "-}}", notJSON + "Invalid number '-' at line 1, column 47 (at root.state)"),
    (head + "1.}}", notJSON + "Invalid number '1.' at line 1, column 47 (at root.state)"),
    (head + "1e+}}", notJSON + "Invalid number '1e+' at line 1, column 47 (at root.state)"),
    (head + "1.2.3}}", notJSON + "Invalid number '1.2.3' at line 1, column 47 (at root.state)"),
    (
      head + ".5}}",
      notJSON + "Expected a value but found '.5' at line 1, column 47 (at root.state)"
    ),
    (
      head + #""a\qb"}}"#,
      notJSON + #"Invalid escape '\q' in a string at line 1, column 49 (at root.state)"#
    ),
    (
      head + #""\u12G4"}}"#,
      notJSON + #"Invalid escape '\u12G4' in a string at line 1, column 48 (at root.state)"#
    ),
    (
      head + #""\ud800\u0041"}}"#,
      notJSON
        + #"Unpaired UTF-16 surrogate '\ud800' in a string at line 1, column 48 (at root.state)"#
    ),
    (
      head + #""\udc00"}}"#,
      notJSON
        + #"Unpaired UTF-16 surrogate '\udc00' in a string at line 1, column 48 (at root.state)"#
    ),
    (
      #"{"formatVersion":1,"root":{"type":"A","key":"a"# + "\n" + #"b"}}"#,
      notJSON
        + "Unescaped control character U+000A in a string at line 1, column 47 (at root.key)"
    ),
    (head + #""abc}}"#, notJSON + "Unterminated string at line 1, column 47 (at root.state)"),
    (
      head + "1}} x",
      notJSON + "Expected the end of the data but found 'x' at line 1, column 51"
    ),
    (head + "1}}}", notJSON + "Expected the end of the data but found '}' at line 1, column 50"),
    // A key of the format twice in one object: which one was meant is not guessed. (Through
    // `Codable`, the decoder has kept one before the format's reader sees the document.)
    (
      #"{"formatVersion":1,"root":{"type":"A","type":"B"}}"#,
      "key 'type' appears twice, again at line 1, column 39 (at root)"
    ),
    (
      #"{"formatVersion":1,"root":{"type":"A"},"root":{"type":"B"}}"#,
      "key 'root' appears twice, again at line 1, column 40"
    ),
  ]

  @Test(arguments: badTexts)
  func badTextSaysWhatIsWrongAndWhere(text: String, reason expected: String) {
    #expect(reason(text) == expected)
  }

  @Test(
    arguments: [
      ([0xFF], "0xFF"), ([0xC0, 0xAF], "0xC0"), ([0xED, 0xA0, 0x80], "0xED"),
      ([0xE2, 0x82], "0xE2"),
      ([0xF4, 0x90, 0x80, 0x80], "0xF4"), ([0x80], "0x80"),
    ] as [([UInt8], String)])
  func textThatIsNotUTF8IsRejected(bytes: [UInt8], byte: String) {
    let prefix = Array(#"{"formatVersion":1,"root":{"type":"x"#.utf8)
    let data = Data(prefix + bytes + Array(#""}}"#.utf8))
    #expect(
      reason(data)
        == Self.notJSON
        + "Invalid UTF-8 in a string (byte \(byte)) at line 1, column 37 (at root.type)")
    #expect(
      reason(Data(Array(#"{"formatVersion":1,"root":{"type":"A"}} "#.utf8) + [0xFF]))
        == Self.notJSON
        + "Expected the end of the data but found byte 0xFF (not UTF-8) at line 1, column 41")
  }

  @Test func nonASCIITextIsReadAndCountedAsCharactersInColumns() {
    #expect(reason(#"{"formatVersion":1,"root":{"type":"é😀"}}"#) == "read a snapshot of é😀")
    #expect(
      reason(#"{"formatVersion":1,"root":{"type":"é😀",}}"#)
        == Self.notJSON
        + "Expected a member name in quotes but found '}' at line 1, column 40 (at root)")
  }

  @Test func nestingIsLimitedTo512LevelsWithTheSnapshotsOwn() {
    func nested(_ depth: Int) -> String {
      Self.head + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}}"
    }
    // The top-level object and the root's are two of the 512.
    #expect(reason(nested(510)) == "read a snapshot of A")
    #expect(
      reason(nested(511))
        == Self.notJSON
        + "Too many nested arrays and objects (more than 512) at line 1, column 557 (at root.state)"
    )
    // Far deeper text fails the same way, without using the stack for every level.
    #expect(reason(nested(100_000)).contains("Too many nested arrays and objects"))
    let deepUnknownMember = String(repeating: #"{"a":"#, count: 200_000)
    #expect(
      reason(deepUnknownMember)
        == Self.notJSON
        + "Too many nested arrays and objects (more than 512) at line 1, column 2561 (at a)")
  }

  @Test func keysOutsideTheFormatMayRepeatAndStatesKeepTheirs() throws {
    let text =
      #"{"x":1,"x":2,"formatVersion":1,"root":{"type":"A","y":[],"y":{},"state":{"a":1,"a":2}}}"#
    let state = try WorkflowSnapshot(jsonData: Data(text.utf8)).root.state
    #expect(state.map { String(decoding: $0, as: UTF8.self) } == #"{"a":1,"a":2}"#)
  }
}
