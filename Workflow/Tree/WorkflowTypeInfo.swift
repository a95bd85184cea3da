// SPDX-License-Identifier: Apache-2.0

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the runtime learns once about a workflow type: how to compare its values and states.
///
/// Working this out takes dynamic casts, so each ``WorkflowRuntime`` does it once per type and shares the
/// result between all nodes of that type.
@usableFromInline
package final class WorkflowTypeInfo<W: Workflow> {
  /// Compares two workflow values; `nil` when the type is not `Equatable`, which makes every new
  /// value a change, even of a type without stored properties (as in workflow-swift).
  @usableFromInline package let areWorkflowsEqual: ((W, W) -> Bool)?
  /// Whether all values of the workflow type are equal: it is `Equatable` and has no stored
  /// data, so comparing them can be skipped.
  @usableFromInline package let workflowsAreAlwaysEqual: Bool
  /// Compares two states (see ``Equality``); `nil` when states cannot be compared.
  @usableFromInline package let areStatesEqual: ((W.State, W.State) -> Bool)?

  private(set) lazy var name: String = String(describing: W.self)

  /// The module-qualified name that snapshots record.
  private(set) lazy var snapshotName: String = String(reflecting: W.self)

  /// Encodes and decodes the state; `nil` unless the workflow is a ``SnapshottableWorkflow``.
  let stateCoder: StateCoder<W.State>?

  init() {
    areWorkflowsEqual = Equality<W>.makeComparisonByEquatable()
    workflowsAreAlwaysEqual = Equality<W>.isEquatable && MemoryLayout<W>.size == 0
    areStatesEqual = Equality<W.State>.makeComparison()
    if let snapshottable = W.self as? any SnapshottableWorkflow.Type {
      stateCoder = makeStateCoder(snapshottable, state: W.State.self)
    } else {
      stateCoder = nil
    }
  }
}

/// Turns one workflow type's state into JSON and back, for snapshots.
struct StateCoder<State> {
  let encode: (State) throws -> Data
  /// Keeps a state to encode or restore later: a copy of a value, or the JSON of an object at
  /// once.
  let capture: (State) -> CapturedState
  let decode: (Data) throws -> State
}

private func makeStateCoder<S: SnapshottableWorkflow, State>(
  _: S.Type, state _: State.Type
) -> StateCoder<State> {
  // One encoder and decoder per workflow type, reused: making them per node was a good part of
  // a snapshot's cost. Both are Sendable, for captures encoded on other threads.
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  let decoder = JSONDecoder()
  // An object would show later changes by the time a capture is encoded.
  let isObject = State.self is AnyObject.Type
  // State and S.State are the same type here; the casts only tell the compiler so.
  let encode = { (state: State) throws -> Data in try encoder.encode(state as! S.State) }
  // Made once per type, so that a capture allocates no closure of its own.
  let encodeCaptured = { (state: Any) throws -> Data in try encoder.encode(state as! S.State) }
  return StateCoder(
    encode: encode,
    capture: { state in
      guard isObject else { return .value(state, encode: encodeCaptured) }
      return .encoded(Result { try encode(state) })
    },
    decode: { data in try decoder.decode(S.State.self, from: data) as! State })
}

/// The ``WorkflowTypeInfo`` of every workflow type a runtime met, made once per type.
package struct WorkflowTypeInfoCache {
  private var infos: [ObjectIdentifier: AnyObject] = [:]
  private var lastID: ObjectIdentifier?
  private var last: AnyObject?

  /// The information about `type`, made on first use.
  package mutating func info<W: Workflow>(for type: W.Type) -> WorkflowTypeInfo<W> {
    let id = ObjectIdentifier(type)
    // Siblings are usually of one type: remembering the last answer saves hashing per node.
    if id == lastID, let last {
      return Self.cast(last, to: W.self)
    }
    let info: WorkflowTypeInfo<W>
    if let known = infos[id] {
      info = Self.cast(known, to: W.self)
    } else {
      info = WorkflowTypeInfo<W>()
      infos[id] = info
    }
    lastID = id
    last = info
    return info
  }

  /// How many types the cache knows.
  package var count: Int { infos.count }

  package init() {}

  /// `info` as the information about `W`, which it is: the cache files each under its type.
  private static func cast<W: Workflow>(_ info: AnyObject, to _: W.Type) -> WorkflowTypeInfo<W> {
    unsafeDowncast(info, to: WorkflowTypeInfo<W>.self)
  }
}
