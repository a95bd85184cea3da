// SPDX-License-Identifier: Apache-2.0

/// Two versions of one list as ``StructuralDifference`` reads them: by index, boxing only the
/// elements it reports, with `==` and identities worked out once for an array's element type.
struct ListVersions {
  /// What an element's identity is.
  enum Identity {
    /// None: elements are matched in order.
    case none
    /// Its `id` (`Identifiable`): elements with different ids are different elements.
    case id
    /// The element itself (`Hashable`): an element that changed is a removal and an insertion,
    /// shown as a change where they are at the same place.
    case value
  }

  let oldCount: Int
  let newCount: Int
  let oldElement: (Int) -> Any
  let newElement: (Int) -> Any
  /// Whether the elements are `Equatable`, so that ``areEqual`` answers.
  let isEquatable: Bool
  /// `==` of the old element at an index and the new one at another; `nil` when they are not
  /// `Equatable`.
  let areEqual: (Int, Int) -> Bool?
  let identity: Identity
  /// The identity of the old element at an index; `nil` when it has none.
  let oldIdentity: (Int) -> AnyHashable?
  /// The identity of the new element at an index; `nil` when it has none.
  let newIdentity: (Int) -> AnyHashable?

  /// The versions of an array (or a contiguous array or an array slice), read without `Mirror`;
  /// `nil` for other values.
  init?(_ before: Any, _ after: Any) {
    guard let list = before as? any TypedList, let versions = list.versions(to: after) else {
      return nil
    }
    self = versions
  }

  /// The versions of two arrays.
  init<Element>(old: [Element], new: [Element]) {
    oldCount = old.count
    newCount = new.count
    oldElement = { old[$0] }
    newElement = { new[$0] }
    if let equatable = Element.self as? any Equatable.Type {
      isEquatable = true
      areEqual = Self.equality(equatable, old, new)
    } else {
      isEquatable = false
      areEqual = { _, _ in nil }
    }
    if let identifiable = Element.self as? any Identifiable.Type {
      identity = .id
      (oldIdentity, newIdentity) = Self.ids(identifiable, old, new)
    } else if let hashable = Element.self as? any Hashable.Type {
      identity = .value
      (oldIdentity, newIdentity) = Self.values(hashable, old, new)
    } else {
      identity = .none
      (oldIdentity, newIdentity) = ({ _ in nil }, { _ in nil })
    }
  }

  /// The versions of a collection read through `Mirror`, each element's conformances looked up
  /// as it is compared.
  init(old: [Any], new: [Any]) {
    oldCount = old.count
    newCount = new.count
    oldElement = { old[$0] }
    newElement = { new[$0] }
    let sample = old.first ?? new.first
    isEquatable = sample is any Equatable
    areEqual = { EquatableValue.areEqual(old[$0], new[$1]) }
    if sample is any Identifiable {
      identity = .id
      (oldIdentity, newIdentity) = ({ Self.id(of: old[$0]) }, { Self.id(of: new[$0]) })
    } else if sample is AnyHashable {
      identity = .value
      (oldIdentity, newIdentity) = ({ old[$0] as? AnyHashable }, { new[$0] as? AnyHashable })
    } else {
      identity = .none
      (oldIdentity, newIdentity) = ({ _ in nil }, { _ in nil })
    }
  }

  private static func equality<E: Equatable, Element>(
    _: E.Type, _ old: [Element], _ new: [Element]
  ) -> (Int, Int) -> Bool? {
    // `Element` is `E`: the casts only tell the compiler so, and cost no copy.
    let old = old as! [E]
    let new = new as! [E]
    return { old[$0] == new[$1] }
  }

  private static func ids<I: Identifiable, Element>(
    _: I.Type, _ old: [Element], _ new: [Element]
  ) -> ((Int) -> AnyHashable?, (Int) -> AnyHashable?) {
    let old = old as! [I]
    let new = new as! [I]
    return ({ AnyHashable(old[$0].id) }, { AnyHashable(new[$0].id) })
  }

  private static func values<H: Hashable, Element>(
    _: H.Type, _ old: [Element], _ new: [Element]
  ) -> ((Int) -> AnyHashable?, (Int) -> AnyHashable?) {
    let old = old as! [H]
    let new = new as! [H]
    return ({ AnyHashable(old[$0]) }, { AnyHashable(new[$0]) })
  }

  private static func id(of element: Any) -> AnyHashable? {
    guard let element = element as? any Identifiable else { return nil }
    return openedID(of: element)
  }

  private static func openedID(of element: some Identifiable) -> AnyHashable {
    AnyHashable(element.id)
  }
}

/// An array type, whose two versions ``ListVersions`` reads without `Mirror`.
private protocol TypedList {
  func versions(to other: Any) -> ListVersions?
}

extension Array: TypedList {
  fileprivate func versions(to other: Any) -> ListVersions? {
    (other as? Self).map { ListVersions(old: self, new: $0) }
  }
}

extension ContiguousArray: TypedList {
  fileprivate func versions(to other: Any) -> ListVersions? {
    (other as? Self).map { ListVersions(old: Array(self), new: Array($0)) }
  }
}

extension ArraySlice: TypedList {
  fileprivate func versions(to other: Any) -> ListVersions? {
    (other as? Self).map { ListVersions(old: Array(self), new: Array($0)) }
  }
}

/// `==` of values known only as `Any`.
enum EquatableValue {
  /// Whether `lhs == rhs`; `nil` when `lhs` is not `Equatable`, `false` when `rhs` is of another
  /// type.
  static func areEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
    guard let lhs = lhs as? any Equatable else { return nil }
    return lhs.isEqual(to: rhs)
  }
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    (other as? Self).map { $0 == self } ?? false
  }
}
