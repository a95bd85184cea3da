// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// A side effect kept by a node: it runs for as long as the node renders it under its key.
@usableFromInline
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
  final func runSideEffect(key: AnyHashable, start: @escaping (Lifetime) -> Void) {
    if let existing = sideEffects[key] {
      if existing.claimedBy == status.renderNumber {
        ProgrammerError.report(
          .duplicateSideEffectKey,
          """
          \(typeName) ran two side effects with key \(describeSideEffectKey(key)) in one render; \
          give each side effect a unique key
          """)
        return
      }
      existing.claimedBy = status.renderNumber
      return
    }
    let effect = SideEffect(claimedBy: status.renderNumber)
    sideEffects[key] = effect
    let lifetime = effect.lifetime
    let observers = session.map { [runtime] session in (runtime.observers, session) }
    // Started after the render pass, so that the work may send actions right away.
    runtime.startAfterRender {
      guard !lifetime.hasEnded else { return }
      if let (observers, session) = observers {
        observers.workDidStart(key: key, session: session, lifetime: lifetime)
      }
      start(lifetime)
    }
  }

  /// Ends the render's side-effect bookkeeping: side effects not asked for are ended.
  @usableFromInline
  final func finishSideEffects() {
    guard !sideEffects.isEmpty else { return }
    let renderNumber = status.renderNumber
    var stale: [AnyHashable] = []
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

/// How messages name a side-effect key: a string in quotes, any other value as it prints.
///
/// Shared with WorkflowTesting, so that a test double's messages name keys as the runtime's do.
package func describeSideEffectKey(_ key: AnyHashable) -> String {
  if let text = key.base as? String { return "\"\(text)\"" }
  return String(describing: key.base)
}
