// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import Workflow

/// How ``StructuralDifference`` compares two versions of a list: insertions, removals, moves and
/// changes at their indices, matched by identity where the elements have one, with reflection
/// only on what changed and bounded work where the elements cannot be compared otherwise.
@Suite struct ListDifferenceTests {
  /// Each difference as `field: before -> after`, `-` standing for a missing side.
  private func changes(from before: Any, to after: Any) -> [String] {
    StructuralDifference.differences(from: before, to: after).map {
      "\($0.fieldName): \(text($0.before)) -> \(text($0.after))"
    }
  }

  private func text(_ side: StructuralDifference.Side) -> String {
    switch side {
    case .value(let value): StructuralDifference.identityText(of: value)
    case .absent: "-"
    }
  }

  // MARK: Elements that are only Equatable

  /// A todo-like record: `Equatable`, without an identity.
  private struct Row: Equatable {
    var id: Int
    var title: String
    var isDone = false
  }

  private func rows(_ count: Int) -> [Row] {
    (0..<count).map { Row(id: $0, title: "row \($0)") }
  }

  @Test func anAppendedElementIsAnInsertion() {
    var after = rows(10_000)
    after.append(Row(id: 10_000, title: "new"))
    #expect(
      changes(from: rows(10_000), to: after)
        == [#"[10000]: - -> Row(id: 10000, title: "new", isDone: false)"#])
  }

  @Test func anInsertionOrARemovalInTheMiddleShowsAtItsIndex() {
    var inserted = rows(5)
    inserted.insert(Row(id: 9, title: "nine"), at: 2)
    #expect(
      changes(from: rows(5), to: inserted)
        == [#"[2]: - -> Row(id: 9, title: "nine", isDone: false)"#])
    var removed = rows(5)
    removed.remove(at: 1)
    #expect(
      changes(from: rows(5), to: removed)
        == [#"[1]: Row(id: 1, title: "row 1", isDone: false) -> -"#])
  }

  @Test func anElementChangedInPlaceShowsItsChangedFields() {
    var after = rows(1_000)
    after[500].isDone = true
    after[700].title = "renamed"
    #expect(
      changes(from: rows(1_000), to: after)
        == ["[500].isDone: false -> true", #"[700].title: "row 700" -> "renamed""#])
  }

  @Test func changesInSeveralPlacesAreMatchedByTheShortestEdit() {
    var after = rows(8)
    after.remove(at: 1)
    after[4].title = "changed"
    after.insert(Row(id: 20, title: "added"), at: 6)
    #expect(
      changes(from: rows(8), to: after) == [
        #"[1]: Row(id: 1, title: "row 1", isDone: false) -> -"#,
        #"[4].title: "row 5" -> "changed""#,
        #"[6]: - -> Row(id: 20, title: "added", isDone: false)"#,
      ])
  }

  @Test func aLongChangedStretchOfAListWithoutIdentitiesShowsTheListWhole() {
    let limit = StructuralDifference.listLimit
    let before = rows(limit + 2)
    // Every element changes, and one more is added: no stretch is the same.
    let after = (0...limit + 2).map { Row(id: $0, title: "other \($0)") }
    let difference = StructuralDifference.differences(from: before, to: after)
    #expect(difference.count == 1)
    #expect(difference.first?.path == [])
    // Within the limit, the same edit is matched element by element.
    let short = changes(from: rows(4), to: (0...4).map { Row(id: $0, title: "other \($0)") })
    #expect(short.count == 5)
    #expect(short.first == #"[0].title: "row 0" -> "other 0""#)
    #expect(short.last == #"[4]: - -> Row(id: 4, title: "other 4", isDone: false)"#)
  }

  @Test func aLongListOfTheSameLengthPastTheEditLimitIsComparedPositionByPosition() {
    let count = StructuralDifference.listLimit / 2 + 1
    // Every element replaced: an edit of twice the count, past the limit.
    let after = (0..<count).map { Row(id: $0, title: "other \($0)") }
    let difference = changes(from: rows(count), to: after)
    #expect(difference.count == count)
    #expect(difference.first == #"[0].title: "row 0" -> "other 0""#)
    #expect(
      difference.last == #"[\#(count - 1)].title: "row \#(count - 1)" -> "other \#(count - 1)""#)
  }

  // MARK: Identifiable elements

  private struct Task: Identifiable, Equatable {
    var id: Int
    var title: String
  }

  private func tasks(_ ids: [Int]) -> [Task] {
    ids.map { Task(id: $0, title: "task \($0)") }
  }

  @Test func identifiableElementsAreMatchedByID() {
    // An insertion at the front shifts every element, yet only the insertion shows.
    #expect(
      changes(from: tasks(Array(1...1_000)), to: tasks([0] + Array(1...1_000)))
        == [#"[0]: - -> Task(id: 0, title: "task 0")"#])
    var renamed = tasks([0] + Array(1...5))
    renamed[3].title = "renamed"
    #expect(
      changes(from: tasks(Array(1...5)), to: renamed)
        == [#"[0]: - -> Task(id: 0, title: "task 0")"#, #"[3].title: "task 3" -> "renamed""#])
  }

  @Test func aMovedElementShowsAsARemovalAndAnInsertion() {
    #expect(
      changes(from: tasks([1, 2, 3, 4]), to: tasks([1, 3, 4, 2]))
        == [#"[1]: Task(id: 2, title: "task 2") -> -"#, #"[3]: - -> Task(id: 2, title: "task 2")"#])
  }

  @Test func elementsWithAnotherIDAreNotPairedUp() {
    #expect(
      changes(from: tasks([1, 2, 3]), to: tasks([1, 9, 3]))
        == [#"[1]: Task(id: 2, title: "task 2") -> -"#, #"[1]: - -> Task(id: 9, title: "task 9")"#])
  }

  // MARK: Hashable elements

  @Test func hashableElementsAreMatchedByValue() {
    #expect(changes(from: ["a", "b", "c"], to: ["a", "x", "b", "c"]) == [#"[1]: - -> "x""#])
    #expect(changes(from: ["a", "b", "c"], to: ["a", "c"]) == [#"[1]: "b" -> -"#])
    #expect(changes(from: [1, 2, 3, 4], to: [4, 1, 2, 3]) == ["[0]: - -> 4", "[3]: 4 -> -"])
  }

  @Test func aHashableElementReplacedInPlaceShowsAsAChange() {
    #expect(
      changes(from: ["a", "b", "c"], to: ["a", "B", "c", "d"]) == [
        #"[1]: "b" -> "B""#, #"[3]: - -> "d""#,
      ])
  }

  @Test func repeatedHashableElementsAreMatchedInOrder() {
    #expect(changes(from: [1, 1, 2], to: [1, 2, 1]) == ["[1]: - -> 2", "[2]: 2 -> -"])
  }

  // MARK: Elements that are neither

  /// Not Equatable, not Hashable, not Identifiable; counts how often it is reflected.
  private final class Probe: @unchecked Sendable {
    var reflections = 0
  }

  private struct Opaque: CustomReflectable {
    var value: Int
    let probe: Probe

    var customMirror: Mirror {
      probe.reflections += 1
      return Mirror(self, children: ["value": value])
    }
  }

  @Test func elementsThatAreNeitherAreComparedByWalkingThem() {
    let probe = Probe()
    let before = (0..<5).map { Opaque(value: $0, probe: probe) }
    var after = before
    after[2].value = 20
    #expect(changes(from: before, to: after) == ["[2].value: 2 -> 20"])
    after.append(Opaque(value: 5, probe: probe))
    let difference = StructuralDifference.differences(from: before, to: after)
    #expect(difference.map(\.fieldName) == ["[2].value", "[5]"])
    #expect(difference.last.map { if case .absent = $0.before { true } else { false } } == true)
  }

  @Test func atMostTheLimitOfElementsThatAreNeitherIsWalked() {
    let limit = StructuralDifference.listLimit
    let probe = Probe()
    let before = (0..<limit * 5).map { Opaque(value: $0, probe: probe) }
    var longer = before
    longer.append(Opaque(value: -1, probe: probe))
    let difference = StructuralDifference.differences(from: before, to: longer)
    #expect(difference.map(\.path) == [[]], "a list longer than the limit shows whole")
    // Each walked pair reflects both elements; the whole list is not walked.
    #expect(probe.reflections <= 2 * limit + 2)

    probe.reflections = 0
    var changedEarly = before
    changedEarly[3].value = 30
    changedEarly[limit * 4].value = 40
    #expect(changes(from: before, to: changedEarly) == ["[3].value: 3 -> 30"])
    #expect(probe.reflections <= 2 * limit + 4)
  }

  // MARK: Work in proportion to the change

  /// Equatable, and counts how often it is reflected.
  private struct Counted: Equatable, CustomReflectable {
    var value: Int
    let probe: Probe

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }

    var customMirror: Mirror {
      probe.reflections += 1
      return Mirror(self, children: ["value": value])
    }
  }

  @Test func onlyWhatChangedIsReflected() {
    let probe = Probe()
    let before = (0..<10_000).map { Counted(value: $0, probe: probe) }
    var after = before
    after.insert(Counted(value: -1, probe: probe), at: 5_000)
    after[9_000].value = -9
    let difference = StructuralDifference.differences(from: before, to: after)
    // Only the changed pair was walked, both sides once.
    #expect(probe.reflections == 2)
    #expect(difference.map(\.fieldName) == ["[5000]", "[9000].value"])
    #expect(changes(from: before, to: after).last == "[9000].value: 8999 -> -9")
  }

  @Test func aDictionaryPrintsOnlyTheKeysOfChangedEntries() {
    let probe = Probe()
    struct Key: Hashable, CustomStringConvertible {
      var id: Int
      let probe: Probe
      static func == (lhs: Key, rhs: Key) -> Bool { lhs.id == rhs.id }
      func hash(into hasher: inout Hasher) { hasher.combine(id) }
      var description: String {
        probe.reflections += 1
        return "key \(id)"
      }
    }
    let before = Dictionary(
      uniqueKeysWithValues: (0..<5_000).map { (Key(id: $0, probe: probe), $0) })
    var after = before
    after[Key(id: 7, probe: probe)] = 70
    after[Key(id: 9, probe: probe)] = nil
    after[Key(id: -1, probe: probe)] = 1
    #expect(
      changes(from: before, to: after) == [
        "[key -1]: - -> 1", "[key 7]: 7 -> 70", "[key 9]: 9 -> -",
      ])
    #expect(probe.reflections == 3)
  }
}

/// The shortest edit behind lists without identities.
@Suite struct ShortestEditTests {
  private func kept(_ old: String, _ new: String, maximumEdits: Int = 100) -> String? {
    let old = Array(old)
    let new = Array(new)
    return ShortestEdit.matches(
      old: 0..<old.count, new: 0..<new.count, maximumEdits: maximumEdits,
      areSame: { old[$0] == new[$1] }
    ).map { String($0.map { old[$0.old] }) }
  }

  @Test func keepsTheLongestCommonRunInOrder() {
    // Myers' example: an edit of five, keeping four.
    #expect(kept("abcabba", "cbabac")?.count == 4)
    #expect(kept("abcabba", "cbabac", maximumEdits: 4) == nil)
    #expect(kept("abcd", "abcd") == "abcd")
    #expect(kept("", "abc") == "")
    #expect(kept("abc", "") == "")
    #expect(kept("abc", "xyz") == "")
    #expect(kept("axbycz", "abc") == "abc")
  }

  @Test func givesUpPastTheMostEdits() {
    #expect(kept("abc", "xyz", maximumEdits: 6) == "")
    #expect(kept("abc", "xyz", maximumEdits: 5) == nil)
    #expect(kept("aXb", "ab", maximumEdits: 1) == "ab")
  }

  @Test func keptPairsAreSameAndInOrderOnRandomSequences() {
    withEvery(seed: 0..<200) { seed, random in
      let old = (0..<Int.random(in: 0..<30, using: &random)).map { _ in
        Int.random(in: 0..<4, using: &random)
      }
      let new = (0..<Int.random(in: 0..<30, using: &random)).map { _ in
        Int.random(in: 0..<4, using: &random)
      }
      let pairs = ShortestEdit.matches(
        old: 0..<old.count, new: 0..<new.count, maximumEdits: 100, areSame: { old[$0] == new[$1] })
      guard let pairs else {
        Issue.record("no edit found, seed \(seed)")
        return
      }
      #expect(pairs.allSatisfy { old[$0.old] == new[$0.new] }, "seed \(seed)")
      #expect(zip(pairs, pairs.dropFirst()).allSatisfy { $0.old < $1.old && $0.new < $1.new })
      #expect(pairs.count == Self.longestCommonLength(old, new), "seed \(seed)")
    }
  }

  /// The length of the longest common subsequence, by the textbook table.
  private static func longestCommonLength(_ a: [Int], _ b: [Int]) -> Int {
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in a.indices.reversed() {
      for j in b.indices.reversed() {
        table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    return table[0][0]
  }
}
