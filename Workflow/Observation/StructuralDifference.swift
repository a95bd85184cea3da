// SPDX-License-Identifier: Apache-2.0

/// One place where two values differ, found by walking both with `Mirror`: the tracer's state
/// changes and the testers' failure messages.
///
/// Values that are `Equatable` and `==` are equal without being walked. Otherwise structs,
/// classes and tuples are compared field by field, an enum's payload when both values are the
/// same case, a dictionary entry by entry (matched by key), a list element by element (see
/// below). Everything else, and anything deeper than ``maximumDepth``, is compared whole: two
/// leaves that are `==` or print alike count as equal. Optionals are transparent:
/// `Optional(3)` against `Optional(4)` differs at the same path as `3` against `4`.
///
/// A list's difference costs time in proportion to its length plus what changed, and walks
/// only what changed: elements that are `==` at either end are skipped without reflection.
/// Elements that are `Identifiable` (by `id`) or `Hashable` (by value) are matched by identity,
/// so an insertion, a removal or a move shows as itself: a removal at its index before the
/// change, an insertion at its index after, a moved element as both, and a matched element
/// that changed as its changed fields. Other elements are matched in order by the shortest edit
/// (``ShortestEdit``) of at most ``listLimit`` insertions and removals, an element replaced in
/// place showing its changed fields; past that, a list is shown changed whole, or, when its
/// length did not change, compared position by position. Elements that are not `Equatable` are
/// compared by walking them, at most ``listLimit`` of them per list: past that, a list whose
/// length changed is shown changed whole, and the rest of one whose length did not is not
/// compared.
package struct StructuralDifference {
  /// One step of the path from the compared value to the difference.
  package enum Step: Hashable, Sendable {
    /// A stored property of a struct or class, or a labelled tuple element.
    case field(String)
    /// A position in a list, or an unlabelled tuple element.
    case index(Int)
    /// A dictionary entry, by its key as ``StructuralDifference/identityText(of:)`` prints it.
    case key(String)
    /// The payload of an enum case.
    case enumCase(String)
  }

  /// One side of a difference: a value, or nothing when an element or entry is only on the
  /// other side.
  package enum Side {
    case value(Any)
    case absent
  }

  /// How deep into nested values the comparison goes before it compares whole values.
  package static let maximumDepth = 8

  /// The most elements of one list compared by walking them (elements that are not
  /// `Equatable`), and the most insertions and removals of the shortest edit that matches the
  /// elements of a list without identities.
  package static let listLimit = 1_000

  /// Where the values differ; empty for the compared values themselves.
  package var path: [Step]
  /// The value in the first of the compared values (before a change, or what a test expected).
  package var before: Side
  /// The value in the second (after a change, or what a test got).
  package var after: Side

  /// Where `after` differs from `before`; empty when nothing that prints differs.
  package static func differences(from before: Any, to after: Any) -> [StructuralDifference] {
    var found: [StructuralDifference] = []
    compare(before, after, path: [], depth: 0, into: &found)
    return found
  }

  /// The text two leaves are compared by: strings quoted, so that an empty one shows, and
  /// everything else as `String(describing:)` prints it.
  package static func identityText(of value: Any) -> String {
    if value is String || value is Substring || value is Character {
      return String(reflecting: value)
    }
    return String(describing: value)
  }

  static func compare(
    _ before: Any, _ after: Any, path: [Step], depth: Int, into found: inout [Self]
  ) {
    let isSameType = type(of: before) == type(of: after)
    let equality = isSameType ? EquatableValue.areEqual(before, after) : nil
    if equality == true { return }
    let left = Mirror(reflecting: before)
    let right = Mirror(reflecting: after)
    let count = found.count
    let comparison =
      depth < maximumDepth && isSameType && left.displayStyle == right.displayStyle
        && !isOpaque(before, style: left.displayStyle)
      ? compareParts(
        before, after, left, right, knownUnequal: equality == false, path: path, depth: depth,
        into: &found) : .whole
    switch comparison {
    case .complete:
      return
    case .parts:
      // A value with a description of its own may differ as a whole though its parts do not.
      let hasOwnText = before is CustomStringConvertible || before is CustomDebugStringConvertible
      if found.count > count || !hasOwnText
        || identityText(of: before) == identityText(of: after)
      {
        return
      }
    case .whole:
      if identityText(of: before) == identityText(of: after) { return }
    case .differentWhole:
      break
    }
    found.append(Self(path: path, before: .value(before), after: .value(after)))
  }

  /// How two values were compared.
  private enum Comparison {
    /// Not by parts: they are compared by their texts.
    case whole
    /// Not by parts, and known to differ.
    case differentWhole
    /// Part by part; a description of their own may still differ.
    case parts
    /// Part by part, and the parts say all there is.
    case complete
  }

  /// Compares the parts of two values of one type and display style, recording where they
  /// differ; records nothing when the values are to be compared whole.
  private static func compareParts(
    _ before: Any, _ after: Any, _ left: Mirror, _ right: Mirror, knownUnequal: Bool,
    path: [Step], depth: Int, into found: inout [Self]
  ) -> Comparison {
    switch left.displayStyle {
    case .optional?:
      guard let some = left.children.first, let other = right.children.first else {
        return .whole
      }
      compare(some.value, other.value, path: path, depth: depth, into: &found)
      return .complete
    case .enum?:
      guard let leftCase = left.children.first, let rightCase = right.children.first,
        let label = leftCase.label, label == rightCase.label
      else { return .whole }
      compare(
        leftCase.value, rightCase.value, path: path + [.enumCase(label)], depth: depth + 1,
        into: &found)
      return .parts
    case .collection?:
      let lists =
        ListVersions(before, after)
        ?? ListVersions(old: left.children.map(\.value), new: right.children.map(\.value))
      var comparison = ListComparison(lists, path: path, depth: depth + 1)
      return comparison.run(into: &found) ? .complete : .differentWhole
    case .dictionary?:
      compareEntries(before, after, left, right, path: path, depth: depth, into: &found)
      return .complete
    case .set?:
      // Elements come in no fixed order: equal sets may print differently.
      if knownUnequal {
        found.append(Self(path: path, before: .value(before), after: .value(after)))
        return .complete
      }
      let old = left.children.map { identityText(of: $0.value) }.sorted()
      let new = right.children.map { identityText(of: $0.value) }.sorted()
      if old != new {
        found.append(Self(path: path, before: .value(before), after: .value(after)))
      }
      return .complete
    default:
      return compareFields(left, right, path: path, depth: depth, into: &found) ? .parts : .whole
    }
  }

  private static func compareFields(
    _ left: Mirror, _ right: Mirror, path: [Step], depth: Int, into found: inout [Self]
  ) -> Bool {
    let leftFields = Array(left.children)
    let rightFields = Array(right.children)
    guard !leftFields.isEmpty, leftFields.map(\.label) == rightFields.map(\.label) else {
      return false
    }
    for (index, (old, new)) in zip(leftFields, rightFields).enumerated() {
      compare(
        old.value, new.value, path: path + [step(label: old.label, index: index)],
        depth: depth + 1, into: &found)
    }
    return true
  }

  /// A field's step; tuples label unlabelled elements `.0`, `.1`, ...
  private static func step(label: String?, index: Int) -> Step {
    guard let label, !label.hasPrefix(".") else { return .index(index) }
    return .field(label)
  }

  /// Whether the value's fields are an implementation detail: a standard-library value such as
  /// `Duration` prints well, but its stored fields mean nothing to a reader.
  private static func isOpaque(_ value: Any, style: Mirror.DisplayStyle?) -> Bool {
    switch style {
    case .collection?, .dictionary?, .set?, .optional?, .tuple?: return false
    default: break
    }
    let typeName = String(reflecting: type(of: value))
    return ["Swift.", "Foundation.", "FoundationEssentials.", "_Concurrency.", "Dispatch."]
      .contains { typeName.hasPrefix($0) }
  }
}

extension StructuralDifference {
  /// The path as the tracer names a field: `address.city`, `tags[2]`, `limits["b"]`, empty for
  /// the value itself.
  package var fieldName: String {
    var name = ""
    for step in path {
      switch step {
      case .field(let label), .enumCase(let label):
        name += name.isEmpty ? label : "." + label
      case .index(let index):
        name += "[\(index)]"
      case .key(let key):
        name += "[\(key)]"
      }
    }
    return name
  }
}
