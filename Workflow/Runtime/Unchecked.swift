// SPDX-License-Identifier: Apache-2.0

// The runtime's unsafe shortcuts, all of them, each with what it saves and the check that
// guards it in debug builds. Everything else in the module is safe Swift (plus
// `@exclusivity(unchecked)` on main-actor-confined fields and `unsafeDowncast`, which checks its
// cast in debug builds). The figures are callgrind instruction counts of the benchmark
// (`workflow-bench`, one repetition), measured against the safe spelling.

/// A reference that neither retains its object nor is zeroed when the object goes away.
///
/// The runtime's back-references use it: a node's parent, a sink's node, and the host that the
/// step loop calls. Each owner guarantees that the object outlives every read (a parent tears
/// its children down before it goes; a node detaches its sinks; the host detaches the loop when
/// it shuts down). Measured against the safe spellings, per action: `weak` gives every node a
/// side table (R5 +9%, M1 +48 bytes per node), a strong parent is a reference cycle, and checked
/// `unowned` costs an atomic increment and decrement per read (R1 +4%, R3 +6%).
///
/// Debug builds check the guarantee: a weak shadow reference goes `nil` when the object is
/// freed, and reading ``object`` after that traps, naming the object's type.
@usableFromInline
struct Unretained<Object: AnyObject> {
  @usableFromInline unowned(unsafe) let unchecked: Object
  #if DEBUG
    @usableFromInline weak var shadow: Object?
  #endif

  @inlinable
  init(_ object: Object) {
    unchecked = object
    #if DEBUG
      shadow = object
    #endif
  }

  /// The object; it must still be alive.
  @inlinable
  var object: Object {
    #if DEBUG
      guard shadow != nil else {
        fatalError("Workflow runtime: an unretained \(Object.self) was read after it was freed")
      }
    #endif
    return unchecked
  }

  /// Calls `body` with the object, which must still be alive, without retaining it around the
  /// call (see ``withUnretained(_:_:)``).
  @inlinable @inline(__always)
  func withObject<Result>(_ body: (Object) -> Result) -> Result {
    withUnretained(Unmanaged.passUnretained(object), body)
  }
}

/// Calls `body` with the object `unmanaged` refers to, without retaining it around the call.
///
/// The caller guarantees that something else keeps the object alive for the whole call: the
/// host's root field for the root's render and publish, a parent's child list for a child's
/// render. Reading a class field as usual retains and releases the object around the call;
/// that was 8% of R1 (the root, twice per action) and 5% of R2 (each child, once per render).
/// Debug builds check that the object is still a live node or host.
@inlinable @inline(__always)
func withUnretained<Object: AnyObject, Result>(
  _ unmanaged: Unmanaged<Object>, _ body: (Object) -> Result
) -> Result {
  unmanaged._withUnsafeGuaranteedRef(body)
}
