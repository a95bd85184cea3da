// SPDX-License-Identifier: Apache-2.0

/// One place where two values differ, found by walking both with `Mirror`: the tracer's state
/// changes and the testers' failure messages.
///
/// Structs, classes and tuples are compared field by field, an enum's payload when both values
/// are the same case, a dictionary entry by entry (matched by key), an array element by element
/// when one is the other with elements added or removed at the end. Everything else, and
/// anything deeper than ``maximumDepth``, is compared whole, by the text it prints: two leaves
/// that print alike count as equal. Optionals are transparent: `Optional(3)` against
/// `Optional(4)` differs at the same path as `3` against `4`.
package struct StructuralDifference {
  /// One step of the path from the compared value to the difference.
  package enum Step: Hashable, Sendable {
    /// A stored property of a struct or class, or a labelled tuple element.
    case field(String)
    /// A position in an array, or an unlabelled tuple element.
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

  private static func compare(
    _ before: Any, _ after: Any, path: [Step], depth: Int, into found: inout [Self]
  ) {
    let left = Mirror(reflecting: before)
    let right = Mirror(reflecting: after)
    let count = found.count
    let comparison =
      depth < maximumDepth && type(of: before) == type(of: after)
        && left.displayStyle == right.displayStyle
        && !isOpaque(before, style: left.displayStyle)
      ? compareParts(before, after, left, right, path: path, depth: depth, into: &found) : .whole
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
    }
    found.append(Self(path: path, before: .value(before), after: .value(after)))
  }

  /// How two values were compared.
  private enum Comparison {
    /// Not by parts: they are compared by their texts.
    case whole
    /// Part by part; a description of their own may still differ.
    case parts
    /// Part by part, and the parts say all there is.
    case complete
  }

  /// Compares the parts of two values of one type and display style, recording where they
  /// differ; records nothing when the values are to be compared whole.
  private static func compareParts(
    _ before: Any, _ after: Any, _ left: Mirror, _ right: Mirror, path: [Step], depth: Int,
    into found: inout [Self]
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
      return compareElements(left, right, path: path, depth: depth, into: &found)
        ? .complete : .whole
    case .dictionary?:
      compareEntries(left, right, path: path, depth: depth, into: &found)
      return .complete
    case .set?:
      // Elements come in no fixed order: equal sets may print differently.
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

  /// Compares element by element when the shorter array is a prefix of the longer (or both
  /// have the same length); returns `false`, recording nothing, otherwise.
  private static func compareElements(
    _ left: Mirror, _ right: Mirror, path: [Step], depth: Int, into found: inout [Self]
  ) -> Bool {
    let old = left.children.map(\.value)
    let new = right.children.map(\.value)
    let shared = min(old.count, new.count)
    if old.count != new.count {
      for index in 0..<shared where identityText(of: old[index]) != identityText(of: new[index]) {
        return false
      }
    }
    for index in 0..<shared {
      compare(old[index], new[index], path: path + [.index(index)], depth: depth + 1, into: &found)
    }
    for index in shared..<max(old.count, new.count) {
      found.append(
        Self(
          path: path + [.index(index)], before: index < old.count ? .value(old[index]) : .absent,
          after: index < new.count ? .value(new[index]) : .absent))
    }
    return true
  }

  /// Compares the entries of two dictionaries, matched by the printed key, in key order.
  private static func compareEntries(
    _ left: Mirror, _ right: Mirror, path: [Step], depth: Int, into found: inout [Self]
  ) {
    func entries(_ mirror: Mirror) -> [String: Any] {
      var result: [String: Any] = [:]
      for child in mirror.children {
        let pair = Array(Mirror(reflecting: child.value).children)
        guard pair.count == 2 else { continue }
        result[identityText(of: pair[0].value)] = pair[1].value
      }
      return result
    }
    let old = entries(left)
    let new = entries(right)
    for key in Set(old.keys).union(new.keys).sorted() {
      let step = path + [.key(key)]
      switch (old[key], new[key]) {
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
