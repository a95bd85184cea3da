// SPDX-License-Identifier: Apache-2.0

/// A field-by-field comparison of two values through `Mirror`, for readable failure messages.
///
/// Only the message uses it: whether two values are equal is decided by `==` beforehand.
enum StructuralDiff {
  /// Describes how `actual` differs from `expected`, one line per differing field.
  ///
  /// Falls back to printing both values whole when their structure does not show the
  /// difference (for example when they print the same).
  static func describe(expected: Any, actual: Any) -> String {
    var lines: [String] = []
    compare(expected, actual, path: "", into: &lines)
    if lines.isEmpty {
      return "expected \(show(expected)), got \(show(actual))"
    }
    return lines.map { "  \($0)" }.joined(separator: "\n")
  }

  private static func compare(
    _ expected: Any, _ actual: Any, path: String, into lines: inout [String]
  ) {
    let left = Mirror(reflecting: expected)
    let right = Mirror(reflecting: actual)
    let place = path.isEmpty ? "value" : path
    guard type(of: expected) == type(of: actual), left.displayStyle == right.displayStyle,
      !left.children.isEmpty || !right.children.isEmpty,
      !isOpaque(expected, style: left.displayStyle)
    else {
      if show(expected) != show(actual) {
        lines.append("\(place): expected \(show(expected)), got \(show(actual))")
      }
      return
    }
    switch left.displayStyle {
    case .collection?, .set?:
      compareSequences(left, right, path: path, into: &lines)
    case .dictionary?:
      compareDictionaries(left, right, path: path, into: &lines)
    case .enum?, .optional?:
      let leftCase = left.children.first
      let rightCase = right.children.first
      guard let leftCase, let rightCase, leftCase.label == rightCase.label else {
        lines.append("\(place): expected \(show(expected)), got \(show(actual))")
        return
      }
      compare(
        leftCase.value, rightCase.value, path: path + "." + (leftCase.label ?? "some"),
        into: &lines)
    default:
      compareFields(left, right, path: path, into: &lines)
    }
  }

  private static func compareFields(
    _ left: Mirror, _ right: Mirror, path: String, into lines: inout [String]
  ) {
    for (index, (leftChild, rightChild)) in zip(left.children, right.children).enumerated() {
      let name = leftChild.label.map { "." + $0 } ?? ".\(index)"
      compare(leftChild.value, rightChild.value, path: path + name, into: &lines)
    }
  }

  private static func compareSequences(
    _ left: Mirror, _ right: Mirror, path: String, into lines: inout [String]
  ) {
    let leftItems = left.children.map(\.value)
    let rightItems = right.children.map(\.value)
    if leftItems.count != rightItems.count {
      lines.append(
        "\(path.isEmpty ? "value" : path).count: expected \(leftItems.count), got \(rightItems.count)"
      )
    }
    for index in 0..<min(leftItems.count, rightItems.count) {
      compare(leftItems[index], rightItems[index], path: path + "[\(index)]", into: &lines)
    }
  }

  private static func compareDictionaries(
    _ left: Mirror, _ right: Mirror, path: String, into lines: inout [String]
  ) {
    // Dictionaries enumerate in no fixed order, so entries are matched by the printed key.
    func entries(_ mirror: Mirror) -> [String: Any] {
      var result: [String: Any] = [:]
      for child in mirror.children {
        let pair = Array(Mirror(reflecting: child.value).children)
        guard pair.count == 2 else { continue }
        result[show(pair[0].value)] = pair[1].value
      }
      return result
    }
    let leftEntries = entries(left)
    let rightEntries = entries(right)
    for key in Set(leftEntries.keys).union(rightEntries.keys).sorted() {
      switch (leftEntries[key], rightEntries[key]) {
      case (let expected?, let actual?):
        compare(expected, actual, path: path + "[\(key)]", into: &lines)
      case (let expected?, nil):
        lines.append("\(path)[\(key)]: expected \(show(expected)), got no entry")
      case (nil, let actual?):
        lines.append("\(path)[\(key)]: expected no entry, got \(show(actual))")
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
    return ["Swift.", "Foundation.", "_Concurrency.", "Dispatch."].contains {
      typeName.hasPrefix($0)
    }
  }

  /// Prints a value for a message: strings quoted, everything else as it describes itself.
  static func show(_ value: Any) -> String {
    if value is String || value is Substring || value is Character {
      return String(reflecting: value)
    }
    return String(describing: value)
  }
}
