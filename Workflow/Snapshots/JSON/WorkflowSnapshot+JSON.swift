// SPDX-License-Identifier: Apache-2.0

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension WorkflowSnapshot {
  /// The snapshot as JSON, ready to write to a file, with keys sorted.
  ///
  /// Each state's bytes are copied as they are, after a check that they are one JSON value (the
  /// host makes them compact, with keys sorted), so writing a large state costs little more than
  /// copying it. Pretty-printed, the snapshot's own objects have one member a line, indented by
  /// two spaces, with a line break at the end; each state stays compact, on the line of its
  /// `"state"` key.
  ///
  /// - Parameter prettyPrinted: Whether to indent the snapshot's objects for people to read.
  /// - Throws: An `EncodingError` when a state is not JSON, or the tree is nested too deep for
  ///   ``init(jsonData:)`` to read back.
  public func jsonData(prettyPrinted: Bool = true) throws -> Data {
    Data(try SnapshotJSONWriter.bytes(of: self, prettyPrinted: prettyPrinted))
  }

  /// Reads a snapshot from JSON made by ``jsonData(prettyPrinted:)`` or by `JSONEncoder`.
  ///
  /// Each state is kept as written, with its members in their order, only made compact: the
  /// whitespace outside its strings is removed. A state of `null` is kept as `null`; a `key` or
  /// `children` of `null` reads as absent. Members the format does not know are skipped, and a
  /// member the format knows that appears twice in one object is rejected. The text must be
  /// UTF-8 JSON with at most 512 levels of arrays and objects, snapshot included, and nothing
  /// but whitespace after it.
  ///
  /// - Throws: A `DecodingError` for text that is not a snapshot of this format version; see
  ///   ``failureReason(for:)`` for it in words.
  public init(jsonData: Data) throws {
    self = try SnapshotJSONReader.snapshot(from: [UInt8](jsonData))
  }
}

// The Codable form is the JSON form: each value passes through its text, so that one reader
// and one writer define the format. It costs a parse and an encoding more than the JSON form.
extension WorkflowSnapshot: Codable {
  /// Decodes a snapshot of this format version, with the rules of ``init(jsonData:)``; its
  /// states come back compact, with keys sorted.
  public init(from decoder: any Decoder) throws {
    let text = try SnapshotJSON(from: decoder).bytes()
    self = try DecodingError.prefixingPath(decoder.codingPath) {
      try SnapshotJSONReader.snapshot(from: text)
    }
  }

  /// Encodes the snapshot as ``jsonData(prettyPrinted:)`` writes it, each state nested as a
  /// value.
  public func encode(to encoder: any Encoder) throws {
    let text = try SnapshotJSONWriter.bytes(of: self, prettyPrinted: false)
    try SnapshotJSON(parsing: text).encode(to: encoder)
  }
}

extension WorkflowSnapshot.Node: Codable {
  /// Decodes a node as a snapshot's `root` is read; its state comes back compact, with keys
  /// sorted.
  public init(from decoder: any Decoder) throws {
    let text = try SnapshotJSON(from: decoder).bytes()
    self = try DecodingError.prefixingPath(decoder.codingPath) {
      try SnapshotJSONReader.node(from: text)
    }
  }

  /// Encodes the node as a snapshot's `root` is written, its state nested as a value.
  public func encode(to encoder: any Encoder) throws {
    let text = try SnapshotJSONWriter.bytes(of: self)
    try SnapshotJSON(parsing: text).encode(to: encoder)
  }
}

extension DecodingError {
  /// Runs `read`, putting `prefix` in front of the path of the `DecodingError` it throws: the
  /// reader's paths start at the value it reads, the decoder's at the top of its document.
  fileprivate static func prefixingPath<Value>(
    _ prefix: [any CodingKey], _ read: () throws -> Value
  ) throws -> Value {
    do {
      return try read()
    } catch let error as DecodingError where !prefix.isEmpty {
      func prefixed(_ context: Context) -> Context {
        Context(
          codingPath: prefix + context.codingPath, debugDescription: context.debugDescription,
          underlyingError: context.underlyingError)
      }
      switch error {
      case .typeMismatch(let type, let context): throw typeMismatch(type, prefixed(context))
      case .valueNotFound(let type, let context): throw valueNotFound(type, prefixed(context))
      case .keyNotFound(let key, let context): throw keyNotFound(key, prefixed(context))
      case .dataCorrupted(let context): throw dataCorrupted(prefixed(context))
      @unknown default: throw error
      }
    }
  }
}
