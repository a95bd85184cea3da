// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive

/// The step's state machine, driven transition by transition as the runtime drives it, with
/// strings standing for the queued sends.
@Suite struct StepStateMachineTests {
  private typealias Machine = StepStateMachine<String>

  private static let changed = StepFacts(stateDidChange: true)

  @Test func anActionThatChangesStateRendersStartsWorkAndPublishes() {
    var machine = Machine(configuration: .default)
    #expect(machine.receive() == .runNow)
    #expect(machine.phase == .applying(StepFacts()))
    machine.noteStateChange()
    #expect(machine.applyDidEnd() == .render)
    #expect(machine.phase == .rendering(Self.changed))
    #expect(machine.renderDidEnd() == .startWork)
    #expect(machine.workDidStart() == .publish(rendered: true, sendsOutputs: false))
    #expect(machine.phase == .notifying(Self.changed))
    #expect(machine.publishDidEnd() == .stop)
    #expect(machine.phase == .idle)
  }

  @Test func anActionThatChangesNothingPublishesWithoutRendering() {
    var machine = Machine(configuration: .default)
    _ = machine.receive()
    #expect(machine.applyDidEnd() == .publish(rendered: false, sendsOutputs: false))
    #expect(machine.publishDidEnd() == .stop)
  }

  @Test func anUnchangedStepRendersWhenSkippingIsOff() {
    var machine = Machine(
      configuration: RuntimeConfiguration(skipsRenderWhenStateIsUnchanged: false))
    _ = machine.receive()
    #expect(machine.applyDidEnd() == .render)
  }

  @Test func aNewRootWorkflowRendersTheStep() {
    var machine = Machine(configuration: .default)
    _ = machine.receive()
    machine.noteRootWorkflowChange()
    #expect(machine.applyDidEnd() == .render)
    #expect(machine.facts == StepFacts(rootWorkflowDidChange: true))
  }

  @Test func sendsDuringAStepAreQueuedInOrderAndTheBatchRendersOnce() {
    var machine = Machine(configuration: .default)
    _ = machine.receive()
    #expect(machine.receive() == .enqueue)
    machine.enqueue("b")
    #expect(machine.receive() == .enqueue)
    machine.enqueue("c")
    machine.noteStateChange()
    #expect(machine.applyDidEnd() == .applyQueued)
    #expect(machine.takeQueued() == "b")
    #expect(machine.applyDidEnd() == .applyQueued)
    #expect(machine.takeQueued() == "c")
    // The batch keeps what its first send changed.
    #expect(machine.phase == .applying(Self.changed))
    #expect(machine.applyDidEnd() == .render)
    #expect(machine.receive() == .refuse)
    _ = machine.renderDidEnd()
    #expect(machine.receive() == .enqueue)
    machine.enqueue("d")
    _ = machine.workDidStart()
    #expect(machine.receive() == .enqueue)
    machine.enqueue("e")
    #expect(machine.queuedCount == 2)
    // What arrived while publishing is the next step, which starts with no facts.
    #expect(machine.publishDidEnd() == .applyQueued)
    #expect(machine.phase == .applying(StepFacts()))
    #expect(machine.takeQueued() == "d")
    #expect(machine.applyDidEnd() == .applyQueued)
    #expect(machine.takeQueued() == "e")
    #expect(machine.applyDidEnd() == .publish(rendered: false, sendsOutputs: false))
    #expect(machine.publishDidEnd() == .stop)
  }

  @Test func perActionRenderingFinishesTheStepAfterEveryAction() {
    var machine = Machine(configuration: RuntimeConfiguration(renderPolicy: .perAction))
    _ = machine.receive()
    machine.enqueue("next")
    machine.noteStateChange()
    #expect(machine.applyDidEnd() == .render)
    _ = machine.renderDidEnd()
    _ = machine.workDidStart()
    #expect(machine.publishDidEnd() == .applyQueued)
    #expect(machine.takeQueued() == "next")
  }

  @Test func theInitialRenderHandsWhatItsWorkSentToTheFirstStep() {
    var machine = Machine(configuration: .default)
    machine.beginInitialRender()
    #expect(machine.facts?.isInitial == true)
    #expect(machine.receive() == .refuse)
    #expect(machine.renderDidEnd() == .startWork)
    #expect(machine.receive() == .enqueue)
    machine.enqueue("sent by a side effect")
    #expect(machine.workDidStart() == .applyQueued)
    #expect(machine.facts == StepFacts())
    #expect(machine.takeQueued() == "sent by a side effect")
    #expect(machine.applyDidEnd() == .publish(rendered: false, sendsOutputs: false))

    var quiet = Machine(configuration: .default)
    quiet.beginInitialRender()
    _ = quiet.renderDidEnd()
    #expect(quiet.workDidStart() == .stop)
    #expect(quiet.phase == .idle)
  }

  @Test func theInboxIsCollectedIntoOneBatch() {
    var machine = Machine(configuration: .default)
    #expect(machine.beginCollecting() == true)
    #expect(machine.receive() == .enqueue)
    machine.enqueue("from another thread")
    #expect(machine.collectingDidEnd() == .applyQueued)
    #expect(machine.phase == .applying(StepFacts()))
    #expect(machine.takeQueued() == "from another thread")

    var empty = Machine(configuration: .default)
    _ = empty.beginCollecting()
    #expect(empty.collectingDidEnd() == .stop)
    #expect(empty.phase == .idle)
  }

  @Test func aShutDownStepStopsAtItsNextTransitionIgnoresNotesAndDropsSends() {
    var machine = Machine(configuration: .default)
    _ = machine.receive()
    machine.enqueue("waiting")
    #expect(machine.shutDown() == true)
    machine.noteStateChange()
    machine.noteRootWorkflowChange()
    machine.noteRootOutput()
    #expect(machine.applyDidEnd() == .stop)
    #expect(machine.receive() == .drop)
    #expect(machine.beginCollecting() == false)
    #expect(machine.publishHeldOutputs() == .stop)
    var dropped = machine.takeQueuedAfterShutDown()
    #expect(dropped.popFirst() == "waiting")
    #expect(dropped.isEmpty)
    #expect(machine.queuedCount == 0)

    var idle = Machine(configuration: .default)
    #expect(idle.shutDown() == false)
    #expect(idle.phase == .shutDown)
  }

  // MARK: The root's outputs

  /// Runs the host's first step: the render, then its work, which sends one action.
  private func startedHost(outputsOfFirstStep: Bool) -> Machine {
    var machine = Machine(configuration: .default)
    machine.beginInitialRender()
    _ = machine.renderDidEnd()
    machine.enqueue("sent by a side effect")
    _ = machine.workDidStart()
    _ = machine.takeQueued()
    if outputsOfFirstStep { machine.noteRootOutput() }
    // Nobody can observe the outputs while the host is being made.
    #expect(machine.applyDidEnd() == .publish(rendered: false, sendsOutputs: false))
    #expect(machine.publishDidEnd() == .stop)
    return machine
  }

  @Test func outputsHeldWhileTheHostIsMadeGoOutOnTheNextTurn() {
    var machine = startedHost(outputsOfFirstStep: true)
    #expect(machine.rootOutputs == .heldWhileStarting(pending: true))
    #expect(machine.hostDidStart() == true)
    #expect(machine.publishHeldOutputs() == .publish(rendered: false, sendsOutputs: true))
    #expect(machine.phase == .notifying(StepFacts()))
    #expect(machine.publishDidEnd() == .stop)
    #expect(machine.rootOutputs == .noneWaiting)
  }

  @Test func heldOutputsGoWithTheNextStepIfItComesFirst() {
    var machine = startedHost(outputsOfFirstStep: true)
    _ = machine.hostDidStart()
    _ = machine.receive()
    #expect(machine.applyDidEnd() == .publish(rendered: false, sendsOutputs: true))
    _ = machine.publishDidEnd()
    // The turn after the host was made finds nothing left to publish.
    #expect(machine.publishHeldOutputs() == .stop)
    #expect(machine.phase == .idle)
  }

  @Test func aHostThatHeldNoOutputsSchedulesNoTurn() {
    var machine = startedHost(outputsOfFirstStep: false)
    #expect(machine.hostDidStart() == false)
    _ = machine.receive()
    machine.noteRootOutput()
    #expect(machine.rootOutputs == .waiting)
    #expect(machine.applyDidEnd() == .publish(rendered: false, sendsOutputs: true))
  }

  // MARK: Programmer errors of the runtime

  @Test func anIllegalTransitionTrapsNamingThePhase() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var machine = StepStateMachine<String>(configuration: .default)
      _ = machine.renderDidEnd()
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(message.contains("renderDidEnd() is not allowed in phase idle"))
    }
  }

  @Test func aNoteOutsideApplyingTrapsNamingThePhase() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var machine = StepStateMachine<String>(configuration: .default)
      _ = machine.receive()
      machine.noteStateChange()
      _ = machine.applyDidEnd()
      machine.noteStateChange()
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(message.contains("noteStateChange() is not allowed in phase rendering"))
    }
  }

  @Test func aRootOutputBetweenStepsTrapsNamingThePhase() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var machine = StepStateMachine<String>(configuration: .default)
      machine.noteRootOutput()
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(message.contains("noteRootOutput() is not allowed in phase idle"))
    }
  }

  @Test func takingFromAnEmptyQueueTrapsNamingThePhase() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var machine = StepStateMachine<String>(configuration: .default)
      _ = machine.receive()
      _ = machine.takeQueued()
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(message.contains("takeQueued() with 0 queued is not allowed in phase applying"))
    }
  }
}
