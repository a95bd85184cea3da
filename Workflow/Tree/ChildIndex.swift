// SPDX-License-Identifier: Apache-2.0

/// An open-addressing hash index of a node's children by identity (workflow type and key), for
/// the renders that depart from the last child order (see ``ChildList``).
///
/// Built only in such a render, and kept allocated between them so that the next one starts at
/// the size the last one reached. A `Dictionary` keyed by type and key spent most of a first
/// render in SipHash, in rehashing while it grew, and in out-of-line string comparisons; this
/// index hashes each key once with a cheap seeded hash, keeps 31 bits of it beside each entry so
/// that growing never rehashes a key, and compares keys (in the caller's `match`) only when
/// those bits match.
///
/// An entry is `(tag << 32) | reference`; the tag always has its lowest bit set, so a zero entry
/// is an empty bucket.
package struct ChildIndex {
  /// Where a child's slot is: in the children of the last render, or in those of the render in
  /// progress.
  package enum Reference: Equatable {
    case last(Int)
    case next(Int)
  }

  /// Marks a reference into the children of the render in progress.
  private static let nextFlag: UInt32 = 0x8000_0000

  /// The buckets; empty until the first build, a power of two in size afterwards.
  private var buckets: ContiguousArray<UInt64> = []
  private var count = 0
  /// Whether the index holds the children of the render in progress.
  package private(set) var isBuilt = false

  package init() {}

  /// How many buckets the index holds, allocated or not built.
  package var capacity: Int { buckets.count }

  /// Empties the index and sizes it for at least `expected` entries.
  package mutating func build(expected: Int) {
    var capacity = max(buckets.count, 16)
    while capacity < expected * 2 { capacity *= 2 }
    if capacity != buckets.count {
      buckets = ContiguousArray(repeating: 0, count: capacity)
    }
    isBuilt = true
  }

  /// Forgets every entry, keeping the buckets for the next build.
  package mutating func reset() {
    guard isBuilt else { return }
    if count > 0 {
      for bucket in buckets.indices { buckets[bucket] = 0 }
      count = 0
    }
    isBuilt = false
  }

  /// Forgets every entry and the buckets.
  package mutating func release() {
    if !buckets.isEmpty { buckets = [] }
    count = 0
    isBuilt = false
  }

  /// Adds an entry; `tag` must come from ``tag(typeID:key:)``.
  package mutating func insert(tag: UInt32, reference: Reference) {
    precondition(isBuilt, "ChildIndex: insert before build")
    if (count + 1) * 2 > buckets.count { grow() }
    let encoded: UInt32
    switch reference {
    case .last(let position): encoded = UInt32(truncatingIfNeeded: position)
    case .next(let position): encoded = Self.nextFlag | UInt32(truncatingIfNeeded: position)
    }
    var bucket = firstBucket(for: tag)
    while buckets[bucket] != 0 { bucket = nextBucket(after: bucket) }
    buckets[bucket] = UInt64(tag) << 32 | UInt64(encoded)
    count += 1
  }

  /// Calls `match` with the reference of each entry whose tag is `tag`, until it returns a
  /// result.
  ///
  /// - Returns: The first result of `match`, or `nil` when no entry with that tag matched.
  package func first<Result>(tag: UInt32, where match: (Reference) -> Result?) -> Result? {
    guard isBuilt else { return nil }
    var bucket = firstBucket(for: tag)
    while true {
      let entry = buckets[bucket]
      if entry == 0 { return nil }
      if UInt32(truncatingIfNeeded: entry >> 32) == tag {
        let encoded = UInt32(truncatingIfNeeded: entry)
        let reference: Reference =
          encoded & Self.nextFlag == 0
          ? .last(Int(encoded)) : .next(Int(encoded & ~Self.nextFlag))
        if let result = match(reference) { return result }
      }
      bucket = nextBucket(after: bucket)
    }
  }

  /// The bucket where the search for `tag` starts.
  private func firstBucket(for tag: UInt32) -> Int {
    Int(truncatingIfNeeded: tag >> 1) & (buckets.count - 1)
  }

  private func nextBucket(after bucket: Int) -> Int {
    (bucket + 1) & (buckets.count - 1)
  }

  private mutating func grow() {
    let old = buckets
    buckets = ContiguousArray(repeating: 0, count: old.count * 2)
    for entry in old where entry != 0 {
      var bucket = firstBucket(for: UInt32(truncatingIfNeeded: entry >> 32))
      while buckets[bucket] != 0 { bucket = nextBucket(after: bucket) }
      buckets[bucket] = entry
    }
  }

  /// A per-process seed, so that crafted keys cannot make every child collide.
  private static let seed = UInt64.random(in: 1...UInt64.max)

  /// The hash bits stored with a child's entry; the lowest bit is always set.
  package static func tag(typeID: ObjectIdentifier, key: String) -> UInt32 {
    // FNV-1a over the key's bytes, then a 64-bit finalizer mixing in the type.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
    var key = key
    key.withUTF8 { bytes in
      for byte in bytes {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
      }
    }
    hash ^= UInt64(UInt(bitPattern: Int(bitPattern: typeID)))
    hash ^= hash >> 33
    hash &*= 0xff51_afd7_ed55_8ccd
    hash ^= hash >> 33
    hash &*= 0xc4ce_b9fe_1a85_ec53
    hash ^= hash >> 33
    return UInt32(truncatingIfNeeded: hash) | 1
  }

  /// Traps when the index is inconsistent; compiled in debug builds only.
  ///
  /// The buckets are none or a power of two, at most half of them are used, every used one
  /// holds a tag with its lowest bit set, and an index that is not built is empty.
  package func checkInvariants() {
    #if DEBUG
      precondition(
        buckets.isEmpty || buckets.count & (buckets.count - 1) == 0,
        "ChildIndex: \(buckets.count) buckets, not a power of two")
      let used = buckets.reduce(0) { $0 + ($1 == 0 ? 0 : 1) }
      precondition(used == count, "ChildIndex: \(used) buckets used, \(count) entries counted")
      precondition(count * 2 <= buckets.count, "ChildIndex: \(count) entries overfill the buckets")
      precondition(isBuilt || count == 0, "ChildIndex: \(count) entries while not built")
      for entry in buckets where entry != 0 {
        precondition(entry >> 32 & 1 == 1, "ChildIndex: an entry's tag lacks its lowest bit")
      }
    #endif
  }
}
