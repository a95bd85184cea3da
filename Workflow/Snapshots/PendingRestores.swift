// SPDX-License-Identifier: Apache-2.0

/// Saved entries waiting for the children they restore, from a snapshot or a history step's
/// capture; each is taken once.
///
/// Children are usually rendered in the order they were saved, so a take first looks at the
/// entry after the last one taken. The first take that this does not answer indexes the entries
/// left by type and key, and every later take is a lookup: restoring children in any order, or
/// rendering children that no entry matches, costs about the same per child as restoring them in
/// order. Of entries saved under one type and key (a snapshot edited by hand), the earliest left
/// is taken first.
@usableFromInline
package final class PendingRestores {
  // One stored value per kind of entry, only one of them set, and which one in a constant:
  // a take is one access to a stored value.
  private var encoded: PendingEntries<WorkflowSnapshot.Node>?
  private var captured: PendingEntries<CapturedNode>?
  private let holdsCaptures: Bool

  /// The entries of a snapshot node's children.
  package init(children: [WorkflowSnapshot.Node]) {
    encoded = PendingEntries(children)
    holdsCaptures = false
  }

  /// The children of a captured node, for a rewind.
  init(captured children: [CapturedNode]) {
    captured = PendingEntries(children)
    holdsCaptures = true
  }

  /// Whether every entry was taken.
  package var isEmpty: Bool { (encoded?.remaining ?? captured?.remaining ?? 0) == 0 }

  /// Takes the entry for a child of type `typeName` under `key`, if there is one.
  package func take(typeName: String, key: String) -> RestoreEntry? {
    if holdsCaptures {
      guard let node = captured?.take(typeName: typeName, key: key) else { return nil }
      return .captured(node)
    }
    guard let node = encoded?.take(typeName: typeName, key: key) else { return nil }
    return .encoded(node)
  }

  /// Whether the entries have been indexed by type and key.
  package var isIndexed: Bool { encoded?.index != nil || captured?.index != nil }

  /// Entries compared with a wanted type and key, plus index lookups: for tests, which check that
  /// the work per take stays constant.
  package var probes: Int { encoded?.probes ?? captured?.probes ?? 0 }

  /// Traps when the count of entries left or the index does not match the entries.
  package func checkInvariants() {
    encoded?.checkInvariants()
    captured?.checkInvariants()
  }
}

/// A saved node that ``PendingRestores`` finds by its workflow type and key.
private protocol PendingEntry {
  var workflowType: String { get }
  var key: String { get }
}

extension WorkflowSnapshot.Node: PendingEntry {}

extension CapturedNode: PendingEntry {
  var workflowType: String { snapshotTypeName }
}

/// The type and key an entry restores.
///
/// Not nested in the generic ``PendingEntries``: as a generic type, every lookup in the index
/// looked its metadata up.
private struct PendingEntryName: Hashable {
  let typeName: String
  let key: String
}

/// The entries of ``PendingRestores`` in snapshot order, and their index once one is needed.
///
/// Until the index is built, the entries taken are those before ``next``. The index is built
/// of the entries from there: it names the earliest entry left under each name, each entry links
/// to the next one saved under its name, and a take unlinks the entry it takes. The entries
/// themselves are never changed, so they share the snapshot's storage.
private struct PendingEntries<Entry: PendingEntry> {
  private let entries: [Entry]
  private(set) var remaining: Int
  /// The entry after the last one taken: the next to look at.
  private var next = 0
  /// The earliest entry left under each name, once built.
  private(set) var index: [PendingEntryName: Int]?
  /// For each entry, the next one saved under the same name (or `-1`), once the index is built.
  private var laterDuplicate: [Int] = []
  private(set) var probes = 0

  init(_ children: [Entry]) {
    entries = children
    remaining = children.count
  }

  mutating func take(typeName: String, key: String) -> Entry? {
    if index == nil {
      if next < entries.count {
        probes += 1
        if entries[next].key == key, entries[next].workflowType == typeName {
          remaining -= 1
          next += 1
          return entries[next - 1]
        }
      }
      buildIndex()
    }
    probes += 1
    let name = PendingEntryName(typeName: typeName, key: key)
    guard let position = index?[name] else { return nil }
    let later = laterDuplicate[position]
    index?[name] = later >= 0 ? later : nil
    remaining -= 1
    return entries[position]
  }

  /// Indexes the entries left, each name pointing at its earliest entry.
  private mutating func buildIndex() {
    var index: [PendingEntryName: Int] = [:]
    index.reserveCapacity(remaining)
    laterDuplicate = Array(repeating: -1, count: entries.count)
    // Backwards, so that each name ends up at its earliest entry and links to the later ones.
    for position in entries.indices[next...].reversed() {
      let name = PendingEntryName(
        typeName: entries[position].workflowType, key: entries[position].key)
      if let later = index.updateValue(position, forKey: name) {
        laterDuplicate[position] = later
      }
    }
    self.index = index
  }

  func checkInvariants() {
    guard let index else {
      precondition(
        remaining == entries.count - next,
        "PendingRestores: \(remaining) entries counted, \(entries.count - next) after the next")
      return
    }
    var reachable = 0
    for (name, first) in index {
      var position = first
      while position >= 0 {
        let entry = entries[position]
        precondition(
          position >= next
            && PendingEntryName(typeName: entry.workflowType, key: entry.key) == name,
          "PendingRestores: the index of \(name.typeName) under '\(name.key)' reaches entry "
            + "\(position), which is taken or saved under another name")
        reachable += 1
        position = laterDuplicate[position]
      }
    }
    precondition(
      reachable == remaining,
      "PendingRestores: the index reaches \(reachable) entries of the \(remaining) left")
  }
}
