// SPDX-License-Identifier: Apache-2.0

/// An ordered collection of values that can each be removed with the token its insertion
/// returned.
///
/// Values keep their insertion order; the same value may be inserted more than once.
///
/// ```swift
/// var handlers = Bag<() -> Void>()
/// let token = handlers.insert { print("hi") }
/// handlers.forEach { $0() }
/// handlers.remove(using: token)
/// ```
public struct Bag<Element> {
  /// Identifies one inserted value, for ``Bag/remove(using:)``.
  public struct Token: Hashable, Sendable {
    fileprivate let id: UInt64
  }

  /// The name this token had in earlier releases of ReactiveSwift.
  public typealias RemovalToken = Token

  private var elements: ContiguousArray<Element> = []
  private var tokens: ContiguousArray<UInt64> = []
  private var nextID: UInt64 = 0

  /// Creates an empty bag.
  public init() {}

  /// Creates a bag holding `elements` in order.
  public init<S: Sequence>(_ elements: S) where S.Element == Element {
    for element in elements { insert(element) }
  }

  /// Adds `value` at the end.
  ///
  /// - Returns: The token that removes this value.
  @discardableResult
  public mutating func insert(_ value: Element) -> Token {
    let id = nextID
    nextID += 1
    elements.append(value)
    tokens.append(id)
    return Token(id: id)
  }

  /// Removes the value that `token` was returned for.
  ///
  /// - Returns: The removed value, or `nil` when it had already been removed.
  /// - Complexity: O(*n*) in the number of values.
  @discardableResult
  public mutating func remove(using token: Token) -> Element? {
    // Tokens are issued in increasing order and kept sorted, so a binary search finds one.
    var low = 0
    var high = tokens.count
    while low < high {
      let middle = (low + high) / 2
      if tokens[middle] < token.id { low = middle + 1 } else { high = middle }
    }
    guard low < tokens.count, tokens[low] == token.id else { return nil }
    tokens.remove(at: low)
    return elements.remove(at: low)
  }
}

extension Bag: RandomAccessCollection {
  /// The position of the first value.
  public var startIndex: Int { elements.startIndex }

  /// The position after the last value.
  public var endIndex: Int { elements.endIndex }

  /// The value at `position`.
  public subscript(position: Int) -> Element { elements[position] }
}

extension Bag: Sendable where Element: Sendable {}
