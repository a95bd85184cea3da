// SPDX-License-Identifier: Apache-2.0

/// An open-addressing hash index of a node's children by identity (workflow type and key).
///
/// Built only in a render that departs from the last child order, and kept allocated between
/// such renders so that the next one starts at the size the last one reached. A `Dictionary`
/// keyed by type and key spent most of a first render in SipHash, in rehashing while it grew,
/// and in out-of-line string comparisons; this index hashes each key once with a cheap seeded
/// hash, keeps 31 bits of it beside each entry so that growing never rehashes a key, and compares
/// keys only when those bits match.
///
/// An entry is `(tag << 32) | reference`; the tag always has its lowest bit set, so a zero
/// entry is an empty bucket. The reference says where the child's slot is: in the children of
/// the last render, or (with ``newChildFlag``) in those of the render in progress.
struct ChildIndex {
  /// Marks a reference into the children of the render in progress.
  static let newChildFlag: UInt32 = 0x8000_0000

  /// The buckets; empty until the first build, a power of two in size afterwards.
  private(set) var buckets: ContiguousArray<UInt64> = []
  private var count = 0
  /// Whether the index holds the children of the render in progress.
  private(set) var isBuilt = false

  /// Empties the index and sizes it for at least `expected` entries.
  mutating func build(expected: Int) {
    var capacity = max(buckets.count, 16)
    while capacity < expected * 2 { capacity *= 2 }
    if capacity != buckets.count {
      buckets = ContiguousArray(repeating: 0, count: capacity)
    }
    isBuilt = true
  }

  /// Forgets every entry, keeping the buckets for the next build.
  mutating func reset() {
    guard isBuilt else { return }
    if count > 0 {
      buckets.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
      count = 0
    }
    isBuilt = false
  }

  /// Forgets every entry and the buckets.
  mutating func release() {
    buckets = []
    count = 0
    isBuilt = false
  }

  /// The bucket where the search for `tag` starts; go on with ``nextBucket(after:)``.
  @inline(__always)
  func firstBucket(for tag: UInt32) -> Int {
    Int(truncatingIfNeeded: tag >> 1) & (buckets.count - 1)
  }

  @inline(__always)
  func nextBucket(after bucket: Int) -> Int {
    (bucket + 1) & (buckets.count - 1)
  }

  /// Adds an entry; `tag` must come from ``tag(typeID:key:)``.
  mutating func insert(tag: UInt32, reference: UInt32) {
    if (count + 1) * 2 > buckets.count { grow() }
    var bucket = firstBucket(for: tag)
    while buckets[bucket] != 0 { bucket = nextBucket(after: bucket) }
    buckets[bucket] = UInt64(tag) << 32 | UInt64(reference)
    count += 1
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
  static func tag(typeID: ObjectIdentifier, key: String) -> UInt32 {
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
}
