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
  /// Whether the node must call `render` next time it is asked for its rendering.
  @usableFromInline package var needsRender = true
  /// Whether some descendant must render, which makes this node render too.
  @usableFromInline package var subtreeNeedsRender = false
  /// Whether the node's `render` is running.
  @usableFromInline package var isRendering = false
  /// The number of the node's current or last render.
  @usableFromInline package var renderNumber: UInt64 = 0
  /// The render of the parent that last asked for this node; finds duplicates and leftovers.
  @usableFromInline package var claimedBy: UInt64 = 0

  package init() {}

  /// Notes the end of a render: nothing below the node waits for a render any more.
  @inlinable
  package mutating func endRender() {
    needsRender = false
    subtreeNeedsRender = false
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
