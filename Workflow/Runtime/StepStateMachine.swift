// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

// One step of a host, as this state machine runs it. ``WorkflowRuntime`` owns the machine and does what
// each transition returns (`-> .x`); the arrows carry the transitions' names. The machine keeps
// the queue of sends that wait for the next step, so every decision below is its own.
//
//        receive() -> .runNow: a send, update(workflow:) or rewind(toStep:) on the main actor
//   idle ------------------------------------------------> applying <-----+
//    |  ^                                                    |  |  |      | applyDidEnd(),
//    |  |                     applyDidEnd(), none queued (or |  |  +------+ more queued:
//    |  |                     a render per action), changed  |  |           -> .applyQueued
//    |  |                     or skipping off: -> .render    |  |           (one batch)
//    |  |                                                    v  |
//    |  |                                            rendering  | applyDidEnd(), none queued,
//    |  |          (a send here: receive() -> .refuse)       |  | unchanged:
//    |  |                     renderDidEnd() -> .startWork   |  | -> .publish(rendered: false)
//    |  |                                                    v  |
//    |  |                                         startingWork  |
//    |  |         workDidStart() -> .publish(rendered: true) |  |
//    |  |                                                    v  v
//    |  +--- publishDidEnd(), none queued -> .stop ----- notifying
//    |                                                     ^   |
//    +--- publishHeldOutputs() ----------------------------+   | publishDidEnd(), queued:
//         (outputs held while the host was made)               | -> .applyQueued, the next
//                                                              v step
//                                                          applying
//
//   idle --- beginCollecting() ---> collecting ---> collectingDidEnd(): -> .applyQueued
//        (the hop that delivers     (each send:                         (applying) or, none
//         sends from other threads)  receive() -> .enqueue)             queued, -> .stop (idle)
//
// The host's first step: beginInitialRender() goes from `idle` to `rendering`, and its
// workDidStart() goes to `applying` (-> .applyQueued) or `idle` (-> .stop) instead of
// `notifying`, since the host published its first rendering itself. Sends in `collecting`,
// `applying`, `startingWork` and `notifying` are queued (receive() -> .enqueue, then
// enqueue(_:)) and applied in the order they arrived. shutDown() moves any phase but
// `rendering` to `shutDown`, where every transition answers `.stop`, every send `.drop` and
// every note is ignored.
//
// What a step did so far (its ``StepFacts``) is part of the phases from `applying` to
// `notifying`, so a fact can only be noted while the step applies: noting one in another phase
// traps, printing the phase.
//
// Beside the phases, the machine keeps where the root's outputs stand (``RootOutputs``): held
// while the host is being made, since nobody can observe them yet; then sent by the next
// publish, or by publishHeldOutputs() on the next main-queue turn if no step comes first.

/// The phases of a host's step, the queue of sends waiting for the next one, and the rules for
/// moving between them.
///
/// A value type owned by one ``WorkflowRuntime``, which asks it what to do at each point of a step and
/// does it. Nodes and the host never set the phase; they report what the step changed through
/// ``noteStateChange()``, ``noteRootWorkflowChange()`` and ``noteRootOutput()``. A transition or
/// a note in a phase that does not allow it traps, printing the phase.
///
/// Generic over the queued item so that tests can drive it with plain values; the runtime
/// queues closures. Package-visible so that tests can drive it transition by transition.
@usableFromInline
package struct StepStateMachine<Item> {
  @usableFromInline
  package enum Phase: Hashable, Sendable, CustomStringConvertible {
    /// No step runs; a send starts one at once.
    case idle
    /// Sends that arrived from other threads are being queued, to be applied as one batch.
    case collecting
    /// An action, output, update or rewind is being applied at its node.
    case applying(StepFacts)
    /// The tree renders; a send is a programmer error.
    case rendering(StepFacts)
    /// Lifetimes of torn-down side effects end and new side effects start.
    case startingWork(StepFacts)
    /// The host publishes the rendering and the root's outputs.
    case notifying(StepFacts)
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

  /// Where the root's outputs stand.
  package enum RootOutputs: Hashable, Sendable {
    /// The host is being made: outputs wait, since nobody can observe them yet; `pending` says
    /// whether some do.
    case heldWhileStarting(pending: Bool)
    /// No output waits.
    case noneWaiting
    /// Outputs wait for the next publish.
    case waiting
  }

  /// What to do with a send, update or rewind that arrives on the main actor.
  @usableFromInline
  package enum Reception {
    /// Apply it now: the step it starts is already in `applying`.
    case runNow
    /// Queue it behind the current step with ``enqueue(_:)``.
    case enqueue
    /// Trap: it arrived during a render.
    case refuse
    /// Drop it: the host is gone.
    case drop
  }

  /// What the owner does next in a step.
  package enum Next: Equatable {
    /// Take the first queued item with ``takeQueued()`` and apply it.
    case applyQueued
    /// Render the tree from the root.
    case render
    /// End the lifetimes of torn-down side effects and start new ones.
    case startWork
    /// Publish the rendering (when `rendered`) and send the root's outputs (when
    /// `sendsOutputs`).
    case publish(rendered: Bool, sendsOutputs: Bool)
    /// The step is over.
    case stop
  }

  @usableFromInline package private(set) var phase = Phase.idle
  package private(set) var rootOutputs = RootOutputs.heldWhileStarting(pending: false)
  /// Sends that arrived during a step, in order.
  @usableFromInline var queue = FIFOQueue<Item>()
  /// Whether every action renders on its own (``RuntimeConfiguration/RenderPolicy/perAction``).
  let rendersPerAction: Bool
  /// Whether a step that changed nothing skips its render pass.
  let skipsUnchangedSteps: Bool

  package init(configuration: RuntimeConfiguration) {
    rendersPerAction = configuration.renderPolicy == .perAction
    skipsUnchangedSteps = configuration.skipsRenderWhenStateIsUnchanged
  }

  /// What the running step did so far; `nil` between steps.
  package var facts: StepFacts? {
    switch phase {
    case .applying(let facts), .rendering(let facts), .startingWork(let facts),
      .notifying(let facts):
      facts
    case .idle, .collecting, .shutDown:
      nil
    }
  }

  /// How many sends wait for their turn.
  package var queuedCount: Int { queue.count }

  // MARK: What the step changed

  /// Records that an applied action changed some state.
  @inlinable
  package mutating func noteStateChange() {
    switch phase {
    case .applying(var facts):
      facts.stateDidChange = true
      phase = .applying(facts)
    case .shutDown:
      break
    case .idle, .collecting, .rendering, .startingWork, .notifying:
      illegal("noteStateChange()")
    }
  }

  /// Records that the root workflow value changed.
  package mutating func noteRootWorkflowChange() {
    switch phase {
    case .applying(var facts):
      facts.rootWorkflowDidChange = true
      phase = .applying(facts)
    case .shutDown:
      break
    case .idle, .collecting, .rendering, .startingWork, .notifying:
      illegal("noteRootWorkflowChange()")
    }
  }

  /// Records that the root passed an output to the host, which the next publish sends unless
  /// the host is still being made.
  package mutating func noteRootOutput() {
    switch phase {
    case .applying:
      if case .heldWhileStarting = rootOutputs {
        rootOutputs = .heldWhileStarting(pending: true)
      } else {
        rootOutputs = .waiting
      }
    case .shutDown:
      break
    case .idle, .collecting, .rendering, .startingWork, .notifying:
      illegal("noteRootOutput()")
    }
  }

  // MARK: Transitions

  /// A send, update or rewind arrives on the main actor.
  @inlinable
  package mutating func receive() -> Reception {
    switch phase {
    case .idle:
      phase = .applying(StepFacts())
      return .runNow
    case .collecting, .applying, .startingWork, .notifying:
      return .enqueue
    case .rendering:
      return .refuse
    case .shutDown:
      return .drop
    }
  }

  /// Queues `item`, a send that ``receive()`` answered with `.enqueue`.
  @inlinable
  package mutating func enqueue(_ item: Item) {
    switch phase {
    case .collecting, .applying, .startingWork, .notifying:
      queue.append(item)
    case .idle, .rendering, .shutDown:
      illegal("enqueue(_:)")
    }
  }

  /// Takes the first queued item, after a transition answered `.applyQueued`.
  package mutating func takeQueued() -> Item {
    guard case .applying = phase, let item = queue.popFirst() else {
      illegal("takeQueued() with \(queue.count) queued")
    }
    return item
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
  package mutating func collectingDidEnd() -> Next {
    switch phase {
    case .collecting:
      guard !queue.isEmpty else {
        phase = .idle
        return .stop
      }
      phase = .applying(StepFacts())
      return .applyQueued
    case .shutDown:
      return .stop
    case .idle, .applying, .rendering, .startingWork, .notifying:
      illegal("collectingDidEnd()")
    }
  }

  /// An action, output, update or rewind was applied.
  package mutating func applyDidEnd() -> Next {
    switch phase {
    case .applying(let facts):
      if !queue.isEmpty, !rendersPerAction { return .applyQueued }
      if facts.hasChanges || !skipsUnchangedSteps {
        phase = .rendering(facts)
        return .render
      }
      return beginNotifying(facts, rendered: false)
    case .shutDown:
      return .stop
    case .idle, .collecting, .rendering, .startingWork, .notifying:
      illegal("applyDidEnd()")
    }
  }

  /// The host's first render is about to start.
  package mutating func beginInitialRender() {
    guard case .idle = phase else { illegal("beginInitialRender()") }
    phase = .rendering(.initial)
  }

  /// The render pass ended.
  package mutating func renderDidEnd() -> Next {
    switch phase {
    case .rendering(let facts):
      phase = .startingWork(facts)
      return .startWork
    case .shutDown:
      return .stop
    case .idle, .collecting, .applying, .startingWork, .notifying:
      illegal("renderDidEnd()")
    }
  }

  /// The side effects of the render pass ended and started.
  package mutating func workDidStart() -> Next {
    switch phase {
    case .startingWork(let facts):
      // The host published the initial rendering when it was made; what the started work sent
      // is the first step.
      return facts.isInitial ? endStep() : beginNotifying(facts, rendered: true)
    case .shutDown:
      return .stop
    case .idle, .collecting, .applying, .rendering, .notifying:
      illegal("workDidStart()")
    }
  }

  /// The host finished being made: outputs are no longer held.
  ///
  /// - Returns: Whether outputs were held, which the owner then publishes on the next turn of
  ///   the main queue with ``publishHeldOutputs()``, unless a step publishes them first.
  package mutating func hostDidStart() -> Bool {
    switch rootOutputs {
    case .heldWhileStarting(let pending):
      rootOutputs = pending ? .waiting : .noneWaiting
      if case .shutDown = phase { return false }
      return pending
    case .noneWaiting, .waiting:
      illegal("hostDidStart() with outputs \(rootOutputs)")
    }
  }

  /// The turn after the host was made: publishes the outputs held meanwhile, unless a step
  /// already did (or is running, and will).
  package mutating func publishHeldOutputs() -> Next {
    guard case .idle = phase, case .waiting = rootOutputs else { return .stop }
    return beginNotifying(StepFacts(), rendered: false)
  }

  /// The rendering and outputs were published and observers told.
  package mutating func publishDidEnd() -> Next {
    switch phase {
    case .notifying:
      return endStep()
    case .shutDown:
      return .stop
    case .idle, .collecting, .applying, .rendering, .startingWork:
      illegal("publishDidEnd()")
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

  /// Takes the sends that still wait, once the host is shut down, for the owner to drop outside
  /// the machine (dropping them may free nodes).
  package mutating func takeQueuedAfterShutDown() -> FIFOQueue<Item> {
    guard case .shutDown = phase else { illegal("takeQueuedAfterShutDown()") }
    return queue.takeAll()
  }

  private mutating func beginNotifying(_ facts: StepFacts, rendered: Bool) -> Next {
    phase = .notifying(facts)
    guard case .waiting = rootOutputs else {
      return .publish(rendered: rendered, sendsOutputs: false)
    }
    rootOutputs = .noneWaiting
    return .publish(rendered: rendered, sendsOutputs: true)
  }

  /// Ends the step: the next one applies what is queued, or the loop goes idle.
  private mutating func endStep() -> Next {
    guard !queue.isEmpty else {
      phase = .idle
      return .stop
    }
    phase = .applying(StepFacts())
    return .applyQueued
  }

  @usableFromInline
  func illegal(_ transition: String) -> Never {
    fatalError(
      "Workflow runtime: \(transition) is not allowed in phase \(phase); this is a runtime bug")
  }

  /// Traps when the machine's bookkeeping is inconsistent; compiled in debug builds only.
  package func checkInvariants() {
    #if DEBUG
      queue.checkInvariants()
      switch phase {
      case .idle:
        precondition(
          queue.isEmpty, "StepStateMachine: idle with \(queue.count) sends queued; they are lost")
      case .shutDown:
        precondition(
          queue.isEmpty, "StepStateMachine: shut down with \(queue.count) sends still queued")
      case .rendering(let facts), .startingWork(let facts):
        precondition(
          facts.isInitial || facts.hasChanges || !skipsUnchangedSteps,
          "StepStateMachine: phase \(phase) rendered a step that changed nothing")
      case .collecting, .applying, .notifying:
        break
      }
    #endif
  }
}
