// SPDX-License-Identifier: Apache-2.0

// One step of a host, as this state machine runs it. ``Runtime`` owns the machine and does what
// each transition returns (`-> .x`); the arrows carry the transitions' names.
//
//        receive() -> .runNow: a send, update(workflow:) or rewind(toStep:) on the main actor
//   idle ------------------------------------------------> applying <-----+
//    |  ^                                                    |  |  |      | applyDidEnd,
//    |  |                     applyDidEnd, none queued (or   |  |  +------+ more queued:
//    |  |                     a render per action), changed  |  |           -> .applyQueued
//    |  |                     or skipping off: -> .render    |  |           (one batch)
//    |  |                                                    v  |
//    |  |                                            rendering  | applyDidEnd, none queued,
//    |  |          (a send here: receive() -> .refuse)       |  | unchanged:
//    |  |                       renderDidEnd -> .startWork   |  | -> .publish(rendered: false)
//    |  |                                                    v  |
//    |  |                                         startingWork  |
//    |  |           workDidStart -> .publish(rendered: true) |  |
//    |  |                                                    v  v
//    |  +--- publishDidEnd, none queued -> .stop ------- notifying
//    |                                                     ^   |
//    +--- beginPublishingHeldOutputs() --------------------+   | publishDidEnd, queued:
//         (outputs held while the host was made)               | -> .applyQueued, the next
//                                                              v step
//                                                          applying
//
//   idle --- beginCollecting() ---> collecting ---> collectingDidEnd: -> .applyQueued (applying)
//        (the hop that delivers     (each send:                       or, none queued,
//         sends from other threads)  receive() -> .enqueue)           -> .stop (idle)
//
// The host's first step: beginInitialRender() goes from `idle` to `rendering`, and its
// workDidStart goes to `applying` (-> .applyQueued) or `idle` (-> .stop) instead of
// `notifying`, since the host published its first rendering itself. Sends in `applying`,
// `startingWork` and `notifying` are queued (receive() -> .enqueue) and applied in the order
// they arrived. shutDown() moves any phase but `rendering` to `shutDown`, where every
// transition answers `.stop` and every send `.drop`.

/// The phases of a host's step and the rules for moving between them.
///
/// A value type owned by one ``Runtime``, which asks it what to do at each point of a step and
/// does it. Nodes and the host never set the phase; they report what the step changed through
/// ``noteStateChange()``, ``noteRootWorkflowChange()`` and ``noteCause(_:)``. A transition
/// called in a phase that does not allow it traps, printing the phase.
///
/// Package-visible so that tests can drive it transition by transition.
@usableFromInline
package struct StepStateMachine {
  @usableFromInline
  package enum Phase: Hashable, Sendable, CustomStringConvertible {
    /// No step runs; a send starts one at once.
    case idle
    /// Sends that arrived from other threads are being queued, to be applied as one batch.
    case collecting
    /// An action, output, update or rewind is being applied at its node.
    case applying
    /// The tree renders; a send is a programmer error.
    case rendering
    /// Lifetimes of torn-down side effects end and new side effects start.
    case startingWork
    /// The host publishes the rendering and the root's outputs.
    case notifying
    /// The host went away.
    case shutDown

    @usableFromInline
    package var description: String {
      switch self {
      case .idle: "idle"
      case .collecting: "collecting"
      case .applying: "applying"
      case .rendering: "rendering"
      case .startingWork: "startingWork"
      case .notifying: "notifying"
      case .shutDown: "shutDown"
      }
    }
  }

  /// What to do with a send, update or rewind that arrives on the main actor.
  @usableFromInline
  package enum Reception {
    /// Apply it now: the step it starts is already in `applying`.
    case runNow
    /// Queue it behind the current step.
    case enqueue
    /// Trap: it arrived during a render.
    case refuse
    /// Drop it: the host is gone.
    case drop
  }

  /// What the owner does next in a step.
  package enum Next: Equatable {
    /// Take the first queued item and apply it.
    case applyQueued
    /// Render the tree from the root; the cause is ``cause``.
    case render
    /// End the lifetimes of torn-down side effects and start new ones.
    case startWork
    /// Publish the rendering (when `rendered`) and the root's outputs.
    case publish(rendered: Bool)
    /// The step is over.
    case stop
  }

  @usableFromInline package private(set) var phase = Phase.idle
  /// Whether every action renders on its own (``RuntimeConfiguration/RenderPolicy/perAction``).
  let rendersPerAction: Bool
  /// Whether a step that changed nothing skips its render pass.
  let skipsUnchangedSteps: Bool

  // What the current step did so far; reset when it publishes.
  @usableFromInline var stateDidChange = false
  private var rootWorkflowDidChange = false
  private var recordedCause: RenderCause?
  private var isInitialStep = false

  package init(configuration: RuntimeConfiguration) {
    rendersPerAction = configuration.renderPolicy == .perAction
    skipsUnchangedSteps = configuration.skipsRenderWhenStateIsUnchanged
  }

  // MARK: What the step changed

  /// Records that an applied action changed some state.
  @inlinable
  package mutating func noteStateChange() {
    stateDidChange = true
  }

  /// Records that the root workflow value changed.
  package mutating func noteRootWorkflowChange() {
    rootWorkflowDidChange = true
  }

  /// Records what started the step, unless something already did.
  package mutating func noteCause(_ cause: RenderCause) {
    if recordedCause == nil { recordedCause = cause }
  }

  /// Records what started the step, replacing what was recorded.
  package mutating func replaceCause(with cause: RenderCause) {
    recordedCause = cause
  }

  /// Whether a cause was recorded, which observers use to tell a step that applied something.
  package var hasCause: Bool { recordedCause != nil }

  /// What started the step, as observers are told.
  package var cause: RenderCause { recordedCause ?? .workflowUpdate }

  // MARK: Transitions

  /// A send, update or rewind arrives on the main actor.
  @inlinable
  package mutating func receive() -> Reception {
    switch phase {
    case .idle:
      phase = .applying
      return .runNow
    case .collecting, .applying, .startingWork, .notifying:
      return .enqueue
    case .rendering:
      return .refuse
    case .shutDown:
      return .drop
    }
  }

  /// The inbox of sends from other threads is about to be delivered; returns whether to deliver
  /// it (`false` once the host is gone).
  package mutating func beginCollecting() -> Bool {
    switch phase {
    case .idle:
      phase = .collecting
      return true
    case .shutDown:
      return false
    case .collecting, .applying, .rendering, .startingWork, .notifying:
      illegal("beginCollecting()")
    }
  }

  /// The inbox was delivered: every item queued itself.
  package mutating func collectingDidEnd(hasQueued: Bool) -> Next {
    switch phase {
    case .collecting:
      guard hasQueued else {
        phase = .idle
        return .stop
      }
      phase = .applying
      return .applyQueued
    case .shutDown:
      return .stop
    case .idle, .applying, .rendering, .startingWork, .notifying:
      illegal("collectingDidEnd(hasQueued:)")
    }
  }

  /// An action, output, update or rewind was applied.
  package mutating func applyDidEnd(hasQueued: Bool) -> Next {
    switch phase {
    case .applying:
      if hasQueued, !rendersPerAction { return .applyQueued }
      if stateDidChange || rootWorkflowDidChange || !skipsUnchangedSteps {
        phase = .rendering
        return .render
      }
      phase = .notifying
      return .publish(rendered: false)
    case .shutDown:
      return .stop
    case .idle, .collecting, .rendering, .startingWork, .notifying:
      illegal("applyDidEnd(hasQueued:)")
    }
  }

  /// The host's first render is about to start.
  package mutating func beginInitialRender() {
    guard case .idle = phase else { illegal("beginInitialRender()") }
    phase = .rendering
    isInitialStep = true
  }

  /// The render pass ended.
  package mutating func renderDidEnd() -> Next {
    switch phase {
    case .rendering:
      phase = .startingWork
      return .startWork
    case .shutDown:
      return .stop
    case .idle, .collecting, .applying, .startingWork, .notifying:
      illegal("renderDidEnd()")
    }
  }

  /// The side effects of the render pass ended and started.
  package mutating func workDidStart(hasQueued: Bool) -> Next {
    switch phase {
    case .startingWork:
      guard isInitialStep else {
        phase = .notifying
        return .publish(rendered: true)
      }
      // The host published the initial rendering when it was made; what the started work sent
      // is the first step.
      isInitialStep = false
      return endStep(hasQueued: hasQueued)
    case .shutDown:
      return .stop
    case .idle, .collecting, .applying, .rendering, .notifying:
      illegal("workDidStart(hasQueued:)")
    }
  }

  /// Outputs held back while the host was being made are about to be published outside a step;
  /// returns whether to publish them now (`false` when a step runs, which publishes them).
  package mutating func beginPublishingHeldOutputs() -> Bool {
    guard case .idle = phase else { return false }
    phase = .notifying
    return true
  }

  /// The rendering and outputs were published and observers told.
  package mutating func publishDidEnd(hasQueued: Bool) -> Next {
    switch phase {
    case .notifying:
      return endStep(hasQueued: hasQueued)
    case .shutDown:
      return .stop
    case .idle, .collecting, .applying, .rendering, .startingWork:
      illegal("publishDidEnd(hasQueued:)")
    }
  }

  /// The host goes away; no step runs after this one.
  ///
  /// - Returns: Whether a step was running, which then stops at its next transition.
  package mutating func shutDown() -> Bool {
    switch phase {
    case .idle, .shutDown:
      phase = .shutDown
      return false
    case .collecting, .applying, .startingWork, .notifying:
      phase = .shutDown
      return true
    case .rendering:
      illegal("shutDown()")
    }
  }

  /// Ends the step: the next one applies what is queued, or the loop goes idle.
  private mutating func endStep(hasQueued: Bool) -> Next {
    stateDidChange = false
    rootWorkflowDidChange = false
    recordedCause = nil
    guard hasQueued else {
      phase = .idle
      return .stop
    }
    phase = .applying
    return .applyQueued
  }

  private func illegal(_ transition: String) -> Never {
    fatalError(
      "Workflow runtime: \(transition) is not allowed in phase \(phase); this is a runtime bug")
  }
}
