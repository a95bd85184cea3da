// SPDX-License-Identifier: Apache-2.0

extension StructuralDifference {
  /// An entry of a dictionary that is on one side only, or whose values may differ.
  fileprivate struct Entry {
    let key: Any
    let before: Any?
    let after: Any?
  }

  /// Compares the entries of two dictionaries, matched by key, in the order of the printed keys.
  ///
  /// The entries of a `Dictionary` are matched by their keys' hashes, and entries whose values
  /// are `==` are skipped, so only changed keys are printed; other dictionaries are matched by
  /// their printed keys.
  static func compareEntries(
    _ before: Any, _ after: Any, _ left: Mirror, _ right: Mirror, path: [Step], depth: Int,
    into found: inout [Self]
  ) {
    let entries =
      (before as? any TypedDictionary)?.changedEntries(to: after)
      ?? mirroredEntries(left, right)
    let named = entries.map { (name: identityText(of: $0.key), entry: $0) }
    for (name, entry) in named.sorted(by: { $0.name < $1.name }) {
      let step = path + [.key(name)]
      switch (entry.before, entry.after) {
      case (let before?, let after?):
        compare(before, after, path: step, depth: depth + 1, into: &found)
      case (let before?, nil):
        found.append(Self(path: step, before: .value(before), after: .absent))
      case (nil, let after?):
        found.append(Self(path: step, before: .absent, after: .value(after)))
      case (nil, nil):
        break
      }
    }
  }

  /// The entries of two dictionaries read through `Mirror`, matched by their printed keys.
  private static func mirroredEntries(_ left: Mirror, _ right: Mirror) -> [Entry] {
    func entries(_ mirror: Mirror) -> [String: (key: Any, value: Any)] {
      var result: [String: (key: Any, value: Any)] = [:]
      for child in mirror.children {
        let pair = Array(Mirror(reflecting: child.value).children)
        guard pair.count == 2 else { continue }
        result[identityText(of: pair[0].value)] = (pair[0].value, pair[1].value)
      }
      return result
    }
    let old = entries(left)
    let new = entries(right)
    return Set(old.keys).union(new.keys).map {
      Entry(key: (old[$0] ?? new[$0])!.key, before: old[$0]?.value, after: new[$0]?.value)
    }
  }
}

/// A dictionary type, whose two versions are matched by key without `Mirror`.
private protocol TypedDictionary {
  func changedEntries(to other: Any) -> [StructuralDifference.Entry]?
}

extension Dictionary: TypedDictionary {
  fileprivate func changedEntries(to other: Any) -> [StructuralDifference.Entry]? {
    guard let other = other as? Self else { return nil }
    guard let equatable = Value.self as? any Equatable.Type else {
      return Self.entries(self, other) { _ in false }
    }
    return Self.changedEntries(equatable, self, other)
  }

  private static func changedEntries<E: Equatable>(
    _: E.Type, _ old: Self, _ new: Self
  ) -> [StructuralDifference.Entry] {
    // `Value` is `E`: the casts only tell the compiler so, and cost no copy.
    let typedOld = old as! [Key: E]
    let typedNew = new as! [Key: E]
    return entries(old, new) { typedOld[$0] == typedNew[$0] }
  }

  /// The entries on one side only, and those on both whose values `areSame` does not accept.
  private static func entries(
    _ old: Self, _ new: Self, areSame: (Key) -> Bool
  ) -> [StructuralDifference.Entry] {
    var changed: [StructuralDifference.Entry] = []
    for (key, value) in old {
      guard let newValue = new[key] else {
        changed.append(.init(key: key, before: value, after: nil))
        continue
      }
      if !areSame(key) { changed.append(.init(key: key, before: value, after: newValue)) }
    }
    for (key, value) in new where old[key] == nil {
      changed.append(.init(key: key, before: nil, after: value))
    }
    return changed
  }
}
