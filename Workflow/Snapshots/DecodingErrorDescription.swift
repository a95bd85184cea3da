// SPDX-License-Identifier: Apache-2.0

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A decoding error in one line for people: what was wrong and where, without the coder's
/// internals; used for skipped snapshot entries and for snapshot files that do not read.
package func describeDecodingError(_ error: any Error) -> String {
  guard let decodingError = error as? DecodingError else { return String(describing: error) }
  func location(_ path: [any CodingKey]) -> String {
    path.isEmpty
      ? "the top level"
      : path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
  }
  func kind(_ type: Any.Type) -> String {
    switch ObjectIdentifier(type) {
    case ObjectIdentifier([String: Any].self): "an object"
    case ObjectIdentifier([Any].self): "a list"
    default: String(describing: type)
    }
  }
  switch decodingError {
  case .typeMismatch(let type, let context):
    return "expected \(kind(type)) at \(location(context.codingPath))"
  case .valueNotFound(let type, let context):
    return "missing \(kind(type)) value at \(location(context.codingPath))"
  case .keyNotFound(let key, let context):
    return "missing key '\(key.stringValue)' at \(location(context.codingPath))"
  case .dataCorrupted(let context):
    return context.codingPath.isEmpty
      ? context.debugDescription
      : "\(context.debugDescription) (at \(location(context.codingPath)))"
  @unknown default:
    return String(describing: decodingError)
  }
}
