// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// A side effect kept by a node: it runs for as long as the node renders it under its key.
final class SideEffect {
  let lifetime: Lifetime
  /// The render of the node that last asked for this side effect.
  var claimedBy: UInt64

  init(claimedBy: UInt64) {
    lifetime = Lifetime(CompositeDisposable())
    self.claimedBy = claimedBy
  }
}

extension NodeBase {
  /// Keeps the side effect `key` running, starting it after the render pass if it is new.
  final func runSideEffect(key: String, start: @escaping (Lifetime) -> Void) {
    if let existing = sideEffects[key] {
      if existing.claimedBy == renderNumber {
        fatalError(
          """
          \(typeName) ran two side effects with key "\(key)" in one render; give each side \
          effect a unique key
          """)
      }
      existing.claimedBy = renderNumber
      return
    }
    let effect = SideEffect(claimedBy: renderNumber)
    sideEffects[key] = effect
    let lifetime = effect.lifetime
    // Started after the render pass, so that the work may send actions right away.
    runtime.startAfterRender {
      if !lifetime.hasEnded { start(lifetime) }
    }
  }

  /// Ends the render's side-effect bookkeeping: side effects not asked for are ended.
  @usableFromInline
  final func finishSideEffects() {
    guard !sideEffects.isEmpty else { return }
    var stale: [String] = []
    for (key, effect) in sideEffects where effect.claimedBy != renderNumber {
      stale.append(key)
    }
    for key in stale {
      if let effect = sideEffects.removeValue(forKey: key) {
        runtime.endAfterRender(effect.lifetime)
      }
    }
  }
}
