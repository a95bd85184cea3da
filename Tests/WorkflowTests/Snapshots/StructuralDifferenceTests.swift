// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow

/// The one Mirror-based differ behind traces and the testers' failure messages.
@Suite struct StructuralDifferenceTests {
  private struct Address: Equatable {
    var city: String
  }

  private enum Mode: Equatable {
    case off
    case timed(minutes: Int, label: String)
  }

  private struct Settings: Equatable {
    var address = Address(city: "Bergen")
    var limits: [String: Int] = ["a": 1, "b": 2]
    var mode = Mode.timed(minutes: 5, label: "tea")
    var owner: String? = "ann"
    var tags = ["x", "y"]
    var flags: Set<Int> = [1]
    var wait = Duration.seconds(2)
  }

  /// Each difference as `field: before -> after`, `-` standing for a missing side.
  private func changes(_ edit: (inout Settings) -> Void) -> [String] {
    var after = Settings()
    edit(&after)
    return StructuralDifference.differences(from: Settings(), to: after).map {
      "\($0.fieldName): \(text($0.before)) -> \(text($0.after))"
    }
  }

  private func text(_ side: StructuralDifference.Side) -> String {
    switch side {
    case .value(let value): StructuralDifference.identityText(of: value)
    case .absent: "-"
    }
  }

  @Test func equalValuesHaveNoDifferences() {
    #expect(changes { _ in }.isEmpty)
  }

  @Test func nestedFieldsAreNamedWithDots() {
    #expect(changes { $0.address.city = "Oslo" } == [#"address.city: "Bergen" -> "Oslo""#])
  }

  @Test func dictionariesAreComparedEntryByEntryInKeyOrder() {
    #expect(
      changes {
        $0.limits["c"] = 3
        $0.limits["b"] = nil
        $0.limits["a"] = 9
      } == [#"limits["a"]: 1 -> 9"#, #"limits["b"]: 2 -> -"#, #"limits["c"]: - -> 3"#])
  }

  @Test func theSameEnumCaseIsComparedByItsPayload() {
    #expect(
      changes { $0.mode = .timed(minutes: 7, label: "tea") } == ["mode.timed.minutes: 5 -> 7"])
  }

  @Test func anotherEnumCaseIsShownWhole() {
    #expect(changes { $0.mode = .off } == [#"mode: timed(minutes: 5, label: "tea") -> off"#])
  }

  @Test func optionalsAreTransparentUnlessOneSideIsNil() {
    #expect(changes { $0.owner = "bob" } == [#"owner: "ann" -> "bob""#])
    #expect(changes { $0.owner = nil } == [#"owner: Optional("ann") -> nil"#])
  }

  @Test func arraysAreComparedElementByElement() {
    #expect(changes { $0.tags.append("z") } == [#"tags[2]: - -> "z""#])
    #expect(changes { $0.tags[0] = "w" } == [#"tags[0]: "x" -> "w""#])
    #expect(changes { $0.tags.removeFirst() } == [#"tags[0]: "x" -> -"#])
  }

  @Test func setsAndStandardLibraryValuesAreComparedWhole() {
    #expect(changes { $0.flags.insert(2) }.count == 1)
    #expect(changes { $0.flags.insert(2) }.first?.hasPrefix("flags: ") == true)
    #expect(changes { $0.wait = .seconds(3) } == ["wait: 2.0 seconds -> 3.0 seconds"])
  }

  @Test func aValueWithoutChildrenIsALeafComparedByItsText() {
    #expect(
      StructuralDifference.differences(from: Masked(secret: 1), to: Masked(secret: 2)).isEmpty)
  }

  @Test func deepValuesAreComparedWholeBelowTheDepthLimit() {
    let depth = StructuralDifference.maximumDepth
    let difference = StructuralDifference.differences(
      from: Nest.make(depth: depth + 2, leaf: 1), to: Nest.make(depth: depth + 2, leaf: 2))
    #expect(difference.count == 1)
    #expect(difference.first?.path.count == depth)
  }
}

/// Prints the same whatever it holds, and shows no fields.
private struct Masked: CustomStringConvertible, CustomReflectable {
  var secret: Int
  var description: String { "•••" }
  var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// A value nested `depth` levels deep.
private indirect enum Nest {
  case leaf(Int)
  case inner(Nest)

  static func make(depth: Int, leaf: Int) -> Nest {
    depth == 0 ? .leaf(leaf) : .inner(make(depth: depth - 1, leaf: leaf))
  }
}
