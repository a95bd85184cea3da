// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// Describes values the way a person reads them, on one line and at a readable length: for
/// traces, tree pictures and history causes.
///
/// - A value with a description of its own (`CustomStringConvertible`, else
///   `CustomDebugStringConvertible`) prints that, so a type that masks its description is
///   never shown in the clear.
/// - Strings are quoted; an optional prints its value or `nil`.
/// - Structs and classes print as `Type(field: value, ...)`, enum cases as `case(payload)`,
///   arrays and sets as `[a, b]`, dictionaries as `[key: value]` (sets and dictionaries in the
///   order of their printed elements, so that equal values print alike), all through `Mirror`,
///   so a custom mirror decides what shows. No module names appear.
/// - Past ``defaultLimit`` characters the rest is left out with an ellipsis, a collection
///   saying how many elements it left out: `[1, 2, … +998 more]`.
package enum ValueDescription {
  /// About the most characters a description has.
  package static let defaultLimit = 200

  /// How deep into nested values a description goes before it writes `…`.
  package static let maximumDepth = 8

  /// `value` for people, on one line, of about `limit` characters at most.
  package static func describe(_ value: Any, limit: Int = defaultLimit) -> String {
    var writer = Writer(limit: limit)
    writer.describe(value, depth: 0)
    return writer.text
  }

  /// `text` on one line, cut to `limit` characters with an ellipsis.
  package static func oneLine(_ text: String, limit: Int = defaultLimit) -> String {
    var flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    if flat.count > limit { flat = String(flat.prefix(max(limit - 1, 0))) + "…" }
    return flat
  }
}

/// Writes one description, keeping count of its length.
private struct Writer {
  let limit: Int
  private(set) var text = ""
  private var length = 0

  init(limit: Int) {
    self.limit = max(limit, 1)
  }

  private var isFull: Bool { length >= limit }
  private var room: Int { max(limit - length, 1) }

  private mutating func write(_ piece: String) {
    text += piece
    length += piece.count
  }

  mutating func describe(_ value: Any, depth: Int) {
    switch PrintingKind.of(type(of: value)) {
    case .text:
      return writeQuoted(Self.text(of: value))
    case .description:
      let text = (value as? any CustomStringConvertible)?.description ?? ""
      return write(ValueDescription.oneLine(text, limit: room))
    case .debugDescription:
      let text = (value as? any CustomDebugStringConvertible)?.debugDescription ?? ""
      return write(ValueDescription.oneLine(text, limit: room))
    case .optional:
      guard let wrapped = Mirror(reflecting: value).children.first?.value else {
        return write("nil")
      }
      return describe(wrapped, depth: depth)
    case .parts:
      break
    }
    guard depth < ValueDescription.maximumDepth else { return write("…") }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .collection?:
      writeList(mirror.children, open: "[", close: "]", depth: depth)
    case .set?:
      let elements = mirror.children.map { ValueDescription.describe($0.value, limit: limit) }
      writeTexts(elements.sorted(), open: "[", close: "]")
    case .dictionary?:
      writeEntries(of: mirror, depth: depth)
    case .tuple?:
      writeFields(of: mirror, open: "(", depth: depth)
    case .enum?:
      guard let payload = mirror.children.first, let name = payload.label else {
        return write(String(describing: value))
      }
      write(name)
      let inner = Mirror(reflecting: payload.value)
      if inner.displayStyle == .tuple {
        writeFields(of: inner, open: "(", depth: depth + 1)
      } else {
        write("(")
        describe(payload.value, depth: depth + 1)
        write(")")
      }
    case .struct?, .class?, nil:
      if mirror.displayStyle == nil && mirror.children.isEmpty {
        return write(ValueDescription.oneLine(String(describing: value), limit: room))
      }
      writeFields(of: mirror, open: String(describing: type(of: value)) + "(", depth: depth)
    default:
      write(ValueDescription.oneLine(String(describing: value), limit: room))
    }
  }

  /// The text of a `String`, `Substring` or `Character`.
  private static func text(of value: Any) -> String {
    if let string = value as? String { return string }
    if let substring = value as? Substring { return String(substring) }
    return (value as? Character).map { String($0) } ?? ""
  }

  private mutating func writeQuoted(_ string: String) {
    guard string.count > room else { return write(String(reflecting: string)) }
    let quoted = String(reflecting: String(string.prefix(room)))
    write(String(quoted.dropLast()) + "…\"")
  }

  /// Writes the elements that fit, visiting no more of them: a long list costs what its
  /// description shows.
  private mutating func writeList(
    _ elements: Mirror.Children, open: String, close: String, depth: Int
  ) {
    let remaining = elements.makeIterator()
    writeItems(count: elements.count, open: open, close: close) { writer, _ in
      if let element = remaining.next() { writer.describe(element.value, depth: depth + 1) }
    }
  }

  private mutating func writeTexts(_ elements: [String], open: String, close: String) {
    writeItems(count: elements.count, open: open, close: close) {
      $0.write(ValueDescription.oneLine(elements[$1], limit: $0.room))
    }
  }

  /// Writes `count` items between `open` and `close`, separated by commas, and how many more
  /// there are once the room is used up.
  private mutating func writeItems(
    count: Int, open: String, close: String, _ writeItem: (inout Self, Int) -> Void
  ) {
    write(open)
    for index in 0..<count {
      if index > 0 { write(", ") }
      if isFull {
        write("… +\(count - index) more")
        break
      }
      writeItem(&self, index)
    }
    write(close)
  }

  private mutating func writeEntries(of mirror: Mirror, depth: Int) {
    guard !mirror.children.isEmpty else { return write("[:]") }
    let entries = mirror.children.compactMap { child -> (key: String, value: Any)? in
      let pair = Array(Mirror(reflecting: child.value).children)
      guard pair.count == 2 else { return nil }
      return (ValueDescription.describe(pair[0].value, limit: limit), pair[1].value)
    }
    write("[")
    for (index, entry) in entries.sorted(by: { $0.key < $1.key }).enumerated() {
      if index > 0 { write(", ") }
      if isFull {
        write("… +\(entries.count - index) more")
        break
      }
      write(ValueDescription.oneLine(entry.key, limit: room) + ": ")
      describe(entry.value, depth: depth + 1)
    }
    write("]")
  }

  /// Writes `open`, the labelled (or positional) children, and `)`.
  private mutating func writeFields(of mirror: Mirror, open: String, depth: Int) {
    write(open)
    for (index, child) in mirror.children.enumerated() {
      if index > 0 { write(", ") }
      if isFull {
        write("…")
        break
      }
      if let label = child.label, !label.hasPrefix(".") { write(label + ": ") }
      describe(child.value, depth: depth + 1)
    }
    write(")")
  }
}

/// How the values of one type print, worked out once per type: looking up whether a type has
/// a description of its own, for every value printed, cost more than the rest of a short
/// description.
private enum PrintingKind: Sendable {
  /// A `String`, `Substring` or `Character`, printed quoted.
  case text
  /// A value with a description of its own (`CustomStringConvertible`).
  case description
  /// A value with only a debug description of its own (`CustomDebugStringConvertible`).
  case debugDescription
  /// An optional, printed as its value or `nil`.
  case optional
  /// A value printed from its parts, through `Mirror`.
  case parts

  private static let known = Locked<[ObjectIdentifier: PrintingKind]>([:])

  static func of(_ type: Any.Type) -> PrintingKind {
    let id = ObjectIdentifier(type)
    if let kind = known.withLock({ $0[id] }) { return kind }
    let kind = make(for: type)
    known.withLock { $0[id] = kind }
    return kind
  }

  private static func make(for type: Any.Type) -> PrintingKind {
    if type == String.self || type == Substring.self || type == Character.self { return .text }
    if type is any OptionalMarker.Type { return .optional }
    // The standard library's containers describe their elements with module names.
    if type is any Sequence.Type, String(reflecting: type).hasPrefix("Swift.") { return .parts }
    if type is any CustomStringConvertible.Type { return .description }
    if type is any CustomDebugStringConvertible.Type { return .debugDescription }
    return .parts
  }
}

/// Tells optionals apart by their type.
private protocol OptionalMarker {}

extension Optional: OptionalMarker {}
