// SPDX-License-Identifier: Apache-2.0

/// Where a node stands in the render passes: whether it is in the tree, whether it must render,
/// and which render it is in.
///
/// One value rather than six fields of the node, so that the node reads them through one field
/// whose accesses are not checked at run time in release builds (see
/// `scripts/unsafe-allowlist.txt`).
@usableFromInline
package struct NodeStatus {
  /// False once the node was removed from the tree; sinks then ignore it.
  @usableFromInline package var isAlive = true
  /// What keeps the node from handing out its last rendering without rendering or telling
  /// anyone, as bits of one byte so that the render path tests them all with one comparison
  /// (R2): ``needsRender``, ``subtreeNeedsRender``, and ``reusesSilently`` turned off.
  @usableFromInline var reuseBlockers = ownRender
  /// Whether the node must call `render` next time it is asked for its rendering.
  @inlinable package var needsRender: Bool {
    get { reuseBlockers & Self.ownRender != 0 }
    set { setBlocker(Self.ownRender, newValue) }
  }
  /// Whether some descendant must render, which makes this node render too.
  @inlinable package var subtreeNeedsRender: Bool {
    get { reuseBlockers & Self.subtreeRender != 0 }
    set { setBlocker(Self.subtreeRender, newValue) }
  }
  /// Whether the runtime lets an unchanged node hand out its last rendering without telling
  /// anyone: partial rendering is on and no observer listens. Set once, when the node is made.
  @inlinable package var reusesSilently: Bool {
    get { reuseBlockers & Self.reuseIsNotSilent == 0 }
    set { setBlocker(Self.reuseIsNotSilent, !newValue) }
  }
  /// Whether the node may hand out its last rendering now, without rendering or telling anyone.
  @inlinable package var mayReuseSilently: Bool { reuseBlockers == 0 }

  /// Whether the node's `render` is running.
  @usableFromInline package var isRendering = false
  /// The number of the node's current or last render.
  @usableFromInline package var renderNumber: UInt64 = 0
  /// The render of the parent that last asked for this node; finds duplicates and leftovers.
  @usableFromInline package var claimedBy: UInt64 = 0

  /// The bit of ``reuseBlockers`` that says the node itself must render.
  @usableFromInline static let ownRender: UInt8 = 1
  /// The bit of ``reuseBlockers`` that says a descendant must render.
  @usableFromInline static let subtreeRender: UInt8 = 2
  /// The bit of ``reuseBlockers`` that says a reuse must be announced, or is not allowed.
  @usableFromInline static let reuseIsNotSilent: UInt8 = 4

  package init() {}

  @inlinable
  mutating func setBlocker(_ bit: UInt8, _ isSet: Bool) {
    reuseBlockers = isSet ? reuseBlockers | bit : reuseBlockers & ~bit
  }

  /// Notes the end of a render: nothing below the node waits for a render any more.
  @inlinable
  package mutating func endRender() {
    reuseBlockers &= Self.reuseIsNotSilent
  }

  /// Notes that the node left the tree.
  package mutating func retire() {
    isAlive = false
  }

  /// Traps when the status is inconsistent; compiled in debug builds only.
  ///
  /// A node that left the tree does not render, and a render in progress has a number.
  ///
  /// - Parameter owner: Names the node in the messages.
  package func checkInvariants(owner: @autoclosure () -> String) {
    #if DEBUG
      precondition(isAlive || !isRendering, "\(owner()) renders after it left the tree")
      precondition(!isRendering || renderNumber > 0, "\(owner()) renders without a render number")
    #endif
  }
}
