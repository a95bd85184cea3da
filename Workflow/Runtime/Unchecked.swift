// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The module's unsafe shortcuts, all of them: each says what it saves and is checked in debug
// builds. Everything else is safe Swift, apart from `@exclusivity(unchecked)` on fields confined
// to the main queue and `unsafeDowncast` (checked in debug builds). The savings are callgrind
// instruction counts of `workflow-bench` (one repetition), against the safe spelling, measured
// on 2026-12-01.

/// A reference to a node that neither retains it nor is zeroed when the node goes away.
///
/// The runtime's two back-references to nodes use it: a node's parent, and the node a sink
/// delivers to. Their owners guarantee that the node outlives every read: a parent tears its
/// children down before it goes and only live nodes follow their parent; a node detaches its
/// sinks when it is torn down. Against checked `unowned`, which pays an atomic increment and
/// decrement per read and a separate unowned count per node, the parent saves R4 2.5% and R5
/// 2.6%, the sinks' node R1 5.8%, R4 8.7% and R5 8.8%. (A typed `Unretained<WorkflowNode<W>>`
/// looked its generic metadata up on every send, R1 +19%: the node is stored as its base class.)
///
/// Debug builds check the guarantee: a weak shadow reference goes `nil` when the node is
/// freed, and reading ``node`` after that traps.
@usableFromInline
struct UnretainedNode {
  @usableFromInline unowned(unsafe) let unchecked: NodeBase
  #if DEBUG
    @usableFromInline weak var shadow: NodeBase?
  #endif

  @inlinable
  init(_ node: NodeBase) {
    unchecked = node
    #if DEBUG
      shadow = node
    #endif
  }

  /// The node; it must still be allocated.
  @inlinable
  var node: NodeBase {
    #if DEBUG
      guard shadow != nil else {
        fatalError("Workflow runtime: a node was reached through a reference after it was freed")
      }
    #endif
    return unchecked
  }
}

/// Calls `body` with the node `unmanaged` refers to, without retaining it around the call.
///
/// The caller guarantees that something else keeps the node alive for the whole call: the
/// host's root field for the root's render and publish, a parent's child list for a child's
/// render. Reading the reference as usual (`takeUnretainedValue()`) retains and releases the
/// node around the call: R1 6.6%, R2 18%, R3 8.2%. Debug builds check that the node is still in
/// the tree.
@inlinable @inline(__always)
func withUnretained<Node: NodeBase, Result>(
  _ unmanaged: Unmanaged<Node>, _ body: (Node) -> Result
) -> Result {
  unmanaged._withUnsafeGuaranteedRef { node in
    #if DEBUG
      precondition(node.isAlive, "Workflow runtime: \(type(of: node)) is used after its teardown")
    #endif
    return body(node)
  }
}

/// Allocates uninitialized memory for one `T`, straight from `malloc` when `malloc`'s alignment
/// suffices: a node's rendering.
///
/// `UnsafeMutablePointer.allocate` asks the runtime for its default alignment, which on Linux
/// goes through `posix_memalign` at several times the cost of `malloc`, once per node: R4 1.4%,
/// R5 1.4%. Free the memory with ``deallocateOne(_:)``, which debug builds check by the
/// alignment rule both share.
@usableFromInline
func allocateOne<T>(_: T.Type) -> UnsafeMutablePointer<T> {
  guard MemoryLayout<T>.alignment <= 16 else { return .allocate(capacity: 1) }
  guard let raw = malloc(max(MemoryLayout<T>.size, 1)) else {
    fatalError("WorkflowNode could not allocate \(MemoryLayout<T>.size) bytes for a rendering")
  }
  #if DEBUG
    precondition(
      Int(bitPattern: raw) % MemoryLayout<T>.alignment == 0,
      "malloc returned memory misaligned for \(T.self)")
  #endif
  return raw.bindMemory(to: T.self, capacity: 1)
}

/// Frees memory from ``allocateOne(_:)``.
func deallocateOne<T>(_ pointer: UnsafeMutablePointer<T>) {
  if MemoryLayout<T>.alignment <= 16 {
    free(pointer)
  } else {
    pointer.deallocate()
  }
}
