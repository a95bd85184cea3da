// SPDX-License-Identifier: Apache-2.0

/// Finds which fields of a state an action changed, for traces.
enum StateDifference {
  /// How deep into nested structs the comparison goes before it compares whole values.
  static let maximumDepth = 4

  /// What a change shows for an element that is not there on one side.
  static let absent = "(none)"

  /// The fields that differ between `before` and `after`, compared by their descriptions.
  ///
  /// Structs and classes are compared field by field (nested ones too, as `outer.inner`).
  /// Arrays are compared element by element (`items[2].title`) when one is the other with
  /// elements added or removed at the end; otherwise whole, like enums and plain values. A
  /// state with no fields that changed as a whole has one change with an empty field name.
  static func changes<State>(from before: State, to after: State) -> [RenderPassTrace.StateChange] {
    if let areEqual = makeEquality(State.self), areEqual(before, after) { return [] }
    var changes: [RenderPassTrace.StateChange] = []
    collect(before, after, field: "", depth: 0, into: &changes)
    return changes
  }

  private static func collect(
    _ before: Any, _ after: Any, field: String, depth: Int,
    into changes: inout [RenderPassTrace.StateChange]
  ) {
    let beforeText = describe(before)
    let afterText = describe(after)
    let beforeMirror = Mirror(reflecting: before)
    let afterMirror = Mirror(reflecting: after)
    let count = changes.count
    if depth < maximumDepth, beforeMirror.displayStyle == .collection,
      afterMirror.displayStyle == .collection,
      collectElements(beforeMirror, afterMirror, field: field, depth: depth, into: &changes)
    {
      if changes.count > count || beforeText == afterText { return }
    } else if depth < maximumDepth, isRecord(beforeMirror), isRecord(afterMirror),
      let beforeFields = labelledFields(beforeMirror),
      let afterFields = labelledFields(afterMirror),
      beforeFields.map(\.label) == afterFields.map(\.label)
    {
      for (old, new) in zip(beforeFields, afterFields) {
        collect(
          old.value, new.value, field: field.isEmpty ? old.label : "\(field).\(old.label)",
          depth: depth + 1, into: &changes)
      }
      // A record whose fields print alike may still differ as a whole (a custom description).
      if changes.count > count || beforeText == afterText { return }
    } else if beforeText == afterText {
      return
    }
    changes.append(.init(field: field, before: beforeText, after: afterText))
  }

  /// Records the elements that differ, when the shorter collection is a prefix of the longer
  /// (or both have the same length); returns `false`, recording nothing, otherwise.
  private static func collectElements(
    _ before: Mirror, _ after: Mirror, field: String, depth: Int,
    into changes: inout [RenderPassTrace.StateChange]
  ) -> Bool {
    let old = before.children.map(\.value)
    let new = after.children.map(\.value)
    let shared = min(old.count, new.count)
    if old.count != new.count {
      for index in 0..<shared where describe(old[index]) != describe(new[index]) { return false }
    }
    for index in 0..<shared {
      collect(
        old[index], new[index], field: "\(field)[\(index)]", depth: depth + 1, into: &changes)
    }
    for index in shared..<max(old.count, new.count) {
      let name = "\(field)[\(index)]"
      changes.append(
        index < old.count
          ? .init(field: name, before: describe(old[index]), after: absent)
          : .init(field: name, before: absent, after: describe(new[index])))
    }
    return true
  }

  /// The value as it prints, with strings quoted so that an empty one shows.
  private static func describe(_ value: Any) -> String {
    TraceText.oneLine(value is String ? String(reflecting: value) : String(describing: value))
  }

  private static func isRecord(_ mirror: Mirror) -> Bool {
    mirror.displayStyle == .struct || mirror.displayStyle == .class
  }

  private static func labelledFields(_ mirror: Mirror) -> [(label: String, value: Any)]? {
    var fields: [(label: String, value: Any)] = []
    for child in mirror.children {
      guard let label = child.label else { return nil }
      fields.append((label, child.value))
    }
    return fields.isEmpty ? nil : fields
  }
}
