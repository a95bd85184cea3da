// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

extension RenderContext {
  /// Runs `action` once, the first time this workflow renders it under `key`, and keeps it
  /// running while each render asks for it again.
  ///
  /// `action` runs after the render pass, so it may send actions through sinks made in render.
  /// It receives a `Lifetime` that ends in the first render that does not ask for `key`, or
  /// when the node goes away: attach the clean-up of the work to it.
  ///
  /// ```swift
  /// context.runSideEffect(key: "clock") { lifetime in
  ///   lifetime += timer.startWithValues { sink.send(.tick($0)) }
  /// }
  /// ```
  ///
  /// Two side effects with the same key in one render are a programmer error and trap.
  ///
  /// - Parameters:
  ///   - key: Any `Hashable` value that names the work, such as a `String` or an enum case.
  ///   - action: Starts the work.
  public func runSideEffect(key: AnyHashable, action: @escaping (Lifetime) -> Void) {
    runSideEffect(key: key, start: action)
  }

  /// Runs `action` in a task on the main actor, the first time this workflow renders it under
  /// `key`, and cancels the task in the first render that does not ask for `key`.
  ///
  /// ```swift
  /// context.runSideEffect(key: "load") {
  ///   let profile = await api.profile()
  ///   sink.send(.loaded(profile))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: Any `Hashable` value that names the work, such as a `String` or an enum case.
  ///   - action: The work.
  public func runSideEffect(key: AnyHashable, action: @escaping @MainActor () async -> Void) {
    runSideEffect(
      key: key,
      start: { lifetime in
        let task = Task { @MainActor in await action() }
        lifetime.observeEnded { task.cancel() }
      })
  }

  private func runSideEffect(key: AnyHashable, start: @escaping (Lifetime) -> Void) {
    guard let node = liveNode() else {
      testDouble.runSideEffect(key: key, start: start)
      return
    }
    node.runSideEffect(key: key, start: start)
  }
}
