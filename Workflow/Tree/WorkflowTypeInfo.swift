// SPDX-License-Identifier: Apache-2.0

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the runtime learns once about a workflow type: how to compare its values and states.
///
/// Working this out takes dynamic casts, so each ``Runtime`` does it once per type and shares the
/// result between all nodes of that type.
@usableFromInline
final class WorkflowTypeInfo<W: Workflow> {
  /// Compares two workflow values; `nil` when the type is not `Equatable`, which makes every new
  /// value a change, even of a type without stored properties (as in workflow-swift).
  @usableFromInline let areWorkflowsEqual: ((W, W) -> Bool)?
  /// Whether all values of the workflow type are equal: it is `Equatable` and has no stored
  /// data, so comparing them can be skipped.
  @usableFromInline let workflowsAreAlwaysEqual: Bool
  /// Compares two states; `nil` when the state is not `Equatable`.
  @usableFromInline let areStatesEqual: ((W.State, W.State) -> Bool)?

  private(set) lazy var name: String = String(describing: W.self)

  /// The module-qualified name that snapshots record.
  private(set) lazy var snapshotName: String = String(reflecting: W.self)

  /// Encodes and decodes the state; `nil` unless the workflow is a ``SnapshottableWorkflow``.
  let stateCoder: StateCoder<W.State>?

  init() {
    let isEquatable = W.self is any Equatable.Type
    areWorkflowsEqual = isEquatable ? makeEquality(W.self) : nil
    workflowsAreAlwaysEqual = isEquatable && MemoryLayout<W>.size == 0
    areStatesEqual = makeEquality(W.State.self)
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
  /// Keeps a state to encode later: a copy of a value, or the JSON of an object at once.
  let capture: (State) -> () throws -> Data
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
  return StateCoder(
    encode: encode,
    capture: { state in
      guard isObject else { return { try encode(state) } }
      let encoded = Result { try encode(state) }
      return { try encoded.get() }
    },
    decode: { data in try decoder.decode(S.State.self, from: data) as! State })
}

/// Returns `==` for `T` when `T` is `Equatable`, checked once with a dynamic cast.
///
/// A type without stored data (`Void`, a struct with no properties) has one possible value, so
/// its values are always equal even when it does not declare `Equatable`; states and traced
/// values are compared this way. Workflow values are not: a workflow that is not `Equatable`
/// always counts as changed (see ``WorkflowTypeInfo/areWorkflowsEqual``).
func makeEquality<T>(_ type: T.Type) -> ((T, T) -> Bool)? {
  if MemoryLayout<T>.size == 0 { return { _, _ in true } }
  guard let equatable = type as? any Equatable.Type else { return nil }
  return openedEquality(equatable, as: type)
}

private func openedEquality<E: Equatable, T>(_: E.Type, as _: T.Type) -> (T, T) -> Bool {
  // T and E are the same type here; the cast only tells the compiler so.
  { lhs, rhs in unsafeBitCast(lhs, to: E.self) == unsafeBitCast(rhs, to: E.self) }
}

/// Lets specialized code compare two values with `==` when their type is `Equatable`.
///
/// Where the type is concrete, the compiler resolves the cast of ``EqualityProbe`` to this
/// protocol at compile time and inlines `==`; ``WorkflowTypeInfo`` answers the same question
/// with a closure, which costs an indirect call and a generic `==` per action.
@usableFromInline
protocol EqualityWitness {
  static func areEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool
}

/// Conforms to ``EqualityWitness`` exactly when `Value` is `Equatable`.
@usableFromInline
enum EqualityProbe<Value> {}

extension EqualityProbe: EqualityWitness where Value: Equatable {
  @inlinable
  static func areEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
    lhs.assumingMemoryBound(to: Value.self).pointee
      == rhs.assumingMemoryBound(to: Value.self).pointee
  }
}
