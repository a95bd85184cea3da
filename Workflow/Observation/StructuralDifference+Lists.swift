// SPDX-License-Identifier: Apache-2.0

/// The difference of two versions of one list, as ``StructuralDifference`` describes it.
///
/// It finds the elements that are the same at either end, matches the elements in between (by
/// identity, in order, or by the shortest edit), then reports, in order of position, the
/// matched elements that changed, the removals and the insertions.
struct ListComparison {
  private typealias Difference = StructuralDifference

  /// A matched pair of elements: the old index and the new one.
  private struct Pair {
    var old: Int
    var new: Int
  }

  /// How two elements compare, as far as matching them goes.
  private enum Sameness {
    /// Equal: nothing to report.
    case equal
    /// The same element (same `id`), changed.
    case changed
    case different
    /// Unknown: no element may be walked any more.
    case unknown
  }

  private let lists: ListVersions
  private let path: [StructuralDifference.Step]
  /// The depth of the elements.
  private let depth: Int
  /// Elements that are not `Equatable` that may still be walked.
  private var walksLeft = StructuralDifference.listLimit

  init(_ lists: ListVersions, path: [StructuralDifference.Step], depth: Int) {
    self.lists = lists
    self.path = path
    self.depth = depth
  }

  /// Records the differences in `found`.
  ///
  /// - Returns: `false`, recording nothing, when the lists are to be shown changed whole.
  mutating func run(into found: inout [StructuralDifference]) -> Bool {
    let isSameLength = lists.oldCount == lists.newCount
    let canMatch = lists.isEquatable || lists.identity != .none
    if !canMatch && isSameLength {
      // Walked pair by pair, in order, as far as the walks go.
      for index in 0..<lists.oldCount { compare(Pair(old: index, new: index), into: &found) }
      return true
    }
    // The ends: the same elements, some of them changed.
    var prefixChanges: [Pair] = []
    var start = 0
    prefix: while start < min(lists.oldCount, lists.newCount) {
      switch sameness(start, start) {
      case .equal: break
      case .changed: prefixChanges.append(Pair(old: start, new: start))
      case .different: break prefix
      case .unknown: return false
      }
      start += 1
    }
    var suffixChanges: [Pair] = []
    var oldEnd = lists.oldCount
    var newEnd = lists.newCount
    suffix: while oldEnd > start, newEnd > start {
      switch sameness(oldEnd - 1, newEnd - 1) {
      case .equal: break
      case .changed: suffixChanges.append(Pair(old: oldEnd - 1, new: newEnd - 1))
      case .different: break suffix
      case .unknown: return false
      }
      oldEnd -= 1
      newEnd -= 1
    }
    // The middle.
    let old = start..<oldEnd
    let new = start..<newEnd
    let middle: Middle
    if old.isEmpty || new.isEmpty {
      middle = Middle(anchors: [], oldMatched: [], newMatched: [], pairsInGaps: false)
    } else if let byIdentity = matchByIdentity(old: old, new: new) {
      middle = byIdentity
    } else if let byEdit = matchByShortestEdit(old: old, new: new) {
      middle = byEdit
    } else if isSameLength {
      middle = Middle(anchors: [], oldMatched: [], newMatched: [], pairsInGaps: true)
    } else {
      return false
    }
    for pair in prefixChanges { compare(pair, into: &found) }
    report(middle, old: old, new: new, into: &found)
    for pair in suffixChanges.reversed() { compare(pair, into: &found) }
    return true
  }

  // MARK: Matching

  /// How the elements between the same ends are matched.
  private struct Middle {
    /// Matched pairs in order of both indices, the changed ones to compare.
    var anchors: [(pair: Pair, isChanged: Bool)]
    /// For each old element of the middle, whether it is matched (as an anchor or moved).
    var oldMatched: [Bool]
    /// For each new element of the middle, whether it is matched (as an anchor or moved).
    var newMatched: [Bool]
    /// Whether unmatched removals and insertions between two anchors are paired up as changes.
    var pairsInGaps: Bool

    /// Whether the old element at `offset` in the middle is matched; none is when no element
    /// was matched.
    func isMatched(old offset: Int) -> Bool { !oldMatched.isEmpty && oldMatched[offset] }

    /// Whether the new element at `offset` in the middle is matched.
    func isMatched(new offset: Int) -> Bool { !newMatched.isEmpty && newMatched[offset] }
  }

  /// Matches elements by identity, keeping in place the longest run of matches in order;
  /// `nil` when the elements have no identities.
  private func matchByIdentity(old: Range<Int>, new: Range<Int>) -> Middle? {
    guard lists.identity != .none, !old.isEmpty, !new.isEmpty else { return nil }
    // The earliest old element of each identity, and the next old one of the same.
    var earliest: [AnyHashable: Int] = [:]
    earliest.reserveCapacity(old.count)
    var later = [Int](repeating: -1, count: old.count)
    for index in old.reversed() {
      guard let id = lists.oldIdentity(index) else { return nil }
      if let next = earliest.updateValue(index, forKey: id) { later[index - old.lowerBound] = next }
    }
    var oldMatched = [Bool](repeating: false, count: old.count)
    var newMatched = [Bool](repeating: false, count: new.count)
    var matches: [Pair] = []
    for index in new {
      guard let id = lists.newIdentity(index) else { return nil }
      guard let match = earliest[id] else { continue }
      let next = later[match - old.lowerBound]
      earliest[id] = next >= 0 ? next : nil
      oldMatched[match - old.lowerBound] = true
      newMatched[index - new.lowerBound] = true
      matches.append(Pair(old: match, new: index))
    }
    let anchors = Self.longestRunInOrder(matches).map {
      (pair: $0, isChanged: lists.areEqual($0.old, $0.new) != true)
    }
    return Middle(
      anchors: anchors, oldMatched: oldMatched, newMatched: newMatched,
      pairsInGaps: lists.identity == .value)
  }

  /// The longest subsequence of `matches` (in order of their new indices) whose old indices
  /// increase too: the elements that stay in place, the others having moved.
  private static func longestRunInOrder(_ matches: [Pair]) -> [Pair] {
    // tails[k]: the match ending the best run of length k + 1 found so far.
    var tails: [Int] = []
    var previous = [Int](repeating: -1, count: matches.count)
    for (position, match) in matches.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if matches[tails[middle]].old < match.old { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[position] = tails[low - 1] }
      if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var run: [Pair] = []
    var position = tails.last ?? -1
    while position >= 0 {
      run.append(matches[position])
      position = previous[position]
    }
    return run.reversed()
  }

  /// Matches equal elements in order by the shortest edit from the old elements to the new
  /// (Myers' algorithm), when it takes at most ``StructuralDifference/listLimit`` insertions and
  /// removals; elements that are not `Equatable` are compared by walking them, within the walks
  /// left.
  private mutating func matchByShortestEdit(old: Range<Int>, new: Range<Int>) -> Middle? {
    var walks = walksLeft
    var isOutOfWalks = false
    let isEquatable = lists.isEquatable
    let kept = ShortestEdit.matches(
      old: old, new: new, maximumEdits: StructuralDifference.listLimit
    ) { [lists, depth] oldIndex, newIndex in
      if isEquatable { return lists.areEqual(oldIndex, newIndex) == true }
      // Elements that are not Equatable are the same when walking them finds nothing.
      guard walks > 0 else {
        isOutOfWalks = true
        return false
      }
      walks -= 1
      var differences: [StructuralDifference] = []
      Difference.compare(
        lists.oldElement(oldIndex), lists.newElement(newIndex), path: [], depth: depth,
        into: &differences)
      return differences.isEmpty
    }
    // Out of walks, the edit found may have missed elements that are the same.
    guard !isOutOfWalks, let kept else { return nil }
    walksLeft = walks
    var oldMatched = [Bool](repeating: false, count: old.count)
    var newMatched = [Bool](repeating: false, count: new.count)
    for (oldIndex, newIndex) in kept {
      oldMatched[oldIndex - old.lowerBound] = true
      newMatched[newIndex - new.lowerBound] = true
    }
    return Middle(
      anchors: kept.map { (pair: Pair(old: $0.old, new: $0.new), isChanged: false) },
      oldMatched: oldMatched, newMatched: newMatched, pairsInGaps: true)
  }

  // MARK: Reporting

  /// Reports the middle: for each stretch between two anchors, its removals and insertions
  /// (paired up as changes where `middle` says so), then the anchor's changes.
  private mutating func report(
    _ middle: Middle, old: Range<Int>, new: Range<Int>, into found: inout [StructuralDifference]
  ) {
    var oldNext = old.lowerBound
    var newNext = new.lowerBound
    let end = (pair: Pair(old: old.upperBound, new: new.upperBound), isChanged: false)
    for anchor in middle.anchors + [end] {
      let oldGap = oldNext..<anchor.pair.old
      let newGap = newNext..<anchor.pair.new
      // Unmatched removals and insertions of one stretch, paired up in order.
      var pairs: [Pair] = []
      if middle.pairsInGaps {
        let removed = oldGap.lazy.filter { !middle.isMatched(old: $0 - old.lowerBound) }
        let inserted = newGap.lazy.filter { !middle.isMatched(new: $0 - new.lowerBound) }
        pairs = zip(removed, inserted).map { Pair(old: $0, new: $1) }
      }
      for pair in pairs { compare(pair, into: &found) }
      let pairedOld = Set(pairs.map(\.old))
      let pairedNew = Set(pairs.map(\.new))
      for index in oldGap where !pairedOld.contains(index) {
        found.append(
          Difference(
            path: path + [.index(index)], before: .value(lists.oldElement(index)), after: .absent))
      }
      for index in newGap where !pairedNew.contains(index) {
        found.append(
          Difference(
            path: path + [.index(index)], before: .absent, after: .value(lists.newElement(index))))
      }
      if anchor.isChanged { compare(anchor.pair, into: &found) }
      oldNext = anchor.pair.old + 1
      newNext = anchor.pair.new + 1
    }
  }

  /// Compares two elements, at the new element's index; elements that are not `Equatable`
  /// only while walks are left.
  private mutating func compare(_ pair: Pair, into found: inout [StructuralDifference]) {
    if let isEqual = lists.areEqual(pair.old, pair.new) {
      if isEqual { return }
    } else {
      guard walksLeft > 0 else { return }
      walksLeft -= 1
    }
    Difference.compare(
      lists.oldElement(pair.old), lists.newElement(pair.new), path: path + [.index(pair.new)],
      depth: depth, into: &found)
  }

  /// Whether the old element at `old` and the new one at `new` are the same element.
  private mutating func sameness(_ old: Int, _ new: Int) -> Sameness {
    let isEqual = lists.areEqual(old, new)
    if isEqual == true { return .equal }
    if lists.identity != .none, let id = lists.oldIdentity(old), id == lists.newIdentity(new) {
      return .changed
    }
    if isEqual == false || lists.identity != .none { return .different }
    guard walksLeft > 0 else { return .unknown }
    walksLeft -= 1
    var differences: [StructuralDifference] = []
    Difference.compare(
      lists.oldElement(old), lists.newElement(new), path: [], depth: depth, into: &differences)
    return differences.isEmpty ? .equal : .different
  }
}
