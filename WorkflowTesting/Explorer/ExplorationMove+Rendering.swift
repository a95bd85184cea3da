// SPDX-License-Identifier: Apache-2.0

import Workflow

extension ExplorationMove {
  /// The moves a rendering offers by itself: every callback that takes no argument, and every
  /// value a ``/Workflow/Sink`` in it can be sent when its value type is `Void`, `Bool` or a
  /// `CaseIterable` enum.
  ///
  /// The explorer finds them with `Mirror`, through stored properties, tuples, optionals,
  /// arrays and dictionaries with `String` keys (not through enum payloads), and names each by
  /// its path, e.g. `tester.send { $0.rows[2].onToggle() }` or
  /// `tester.send { $0.sink.send(.increment) }`. Behind a protocol-typed property the path is
  /// that of the concrete value, which a test may need to cast; write moves with
  /// ``send(_:_:)`` for such renderings, or for sinks of other values.
  ///
  /// - Parameter rendering: The rendering to search.
  /// - Returns: Its moves, in the order of its properties.
  public static func found(in rendering: Rendering) -> [ExplorationMove] {
    var finder = MoveFinder()
    finder.visit(rendering, path: "$0", depth: 0)
    return finder.found.map { found in
      ExplorationMove.send(found.body) { _ in found.perform() }
    }
  }
}

/// Walks a rendering with `Mirror`, collecting its callbacks and the values its sinks accept.
private struct MoveFinder {
  /// How deep into nested values the walk goes.
  static let maximumDepth = 8

  var found: [(body: String, perform: () -> Void)] = []
  private var visitedObjects: Set<ObjectIdentifier> = []

  mutating func visit(_ value: Any, path: String, depth: Int) {
    if let callback = Self.callback(in: value) {
      found.append(("\(path)()", callback))
      return
    }
    if let sink = value as? any ExplorableSink {
      for (argument, send) in sink.explorationValues() {
        found.append(("\(path).send(\(argument))", send))
      }
      return
    }
    guard depth < Self.maximumDepth else { return }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .class {
      guard visitedObjects.insert(ObjectIdentifier(value as AnyObject)).inserted else { return }
    }
    switch mirror.displayStyle {
    case .optional?:
      if let some = mirror.children.first { visit(some.value, path: path + "?", depth: depth) }
    case .collection?:
      for (index, element) in mirror.children.enumerated() {
        visit(element.value, path: "\(path)[\(index)]", depth: depth + 1)
      }
    case .dictionary?:
      let entries = mirror.children.compactMap { entry -> (key: String, value: Any)? in
        let pair = Array(Mirror(reflecting: entry.value).children)
        guard pair.count == 2, let key = pair[0].value as? String else { return nil }
        return (key, pair[1].value)
      }
      for entry in entries.sorted(by: { $0.key < $1.key }) {
        visit(entry.value, path: "\(path)[\(String(reflecting: entry.key))]!", depth: depth + 1)
      }
    case .struct?, .class?, .tuple?:
      for (index, child) in mirror.children.enumerated() {
        let label = child.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 }
        visit(child.value, path: "\(path).\(label ?? String(index))", depth: depth + 1)
      }
    default:
      break
    }
  }

  /// The value as a callback that takes no argument, whatever its isolation.
  private static func callback(in value: Any) -> (() -> Void)? {
    if let callback = value as? () -> Void { return callback }
    if let callback = value as? @Sendable () -> Void { return callback }
    if let callback = value as? @MainActor () -> Void {
      return { MainActor.assumeIsolated { callback() } }
    }
    return nil
  }
}

/// A sink the explorer can send values to by itself: one whose values can all be listed.
private protocol ExplorableSink {
  /// Each value the sink accepts, as the code that spells it, with the send of that value.
  func explorationValues() -> [(argument: String, send: () -> Void)]
}

extension Sink: ExplorableSink {
  fileprivate func explorationValues() -> [(argument: String, send: () -> Void)] {
    if let send = self as? Sink<Void> { return [("()", { send.send(()) })] }
    if let send = self as? Sink<Bool> {
      return [false, true].map { value in ("\(value)", { send.send(value) }) }
    }
    guard let cases = Value.self as? any CaseIterable.Type else { return [] }
    return Self.allCases(of: cases).compactMap { value in
      guard let value = value as? Value else { return nil }
      return (".\(value)", { self.send(value) })
    }
  }

  private static func allCases<Cases: CaseIterable>(of type: Cases.Type) -> [Any] {
    Array(type.allCases)
  }
}
