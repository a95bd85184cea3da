// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow

/// The step's state machine, driven transition by transition as the runtime drives it.
@Suite struct StepStateMachineTests {
  private typealias Machine = StepStateMachine

  @Test func anActionThatChangesStateRendersStartsWorkAndPublishes() {
    var machine = Machine(configuration: .default)
    #expect(machine.receive() == .runNow)
    #expect(machine.phase == .applying)
    machine.noteStateChange()
    #expect(machine.applyDidEnd(hasQueued: false) == .render)
    #expect(machine.phase == .rendering)
    #expect(machine.renderDidEnd() == .startWork)
    #expect(machine.workDidStart(hasQueued: false) == .publish(rendered: true))
    #expect(machine.phase == .notifying)
    #expect(machine.publishDidEnd(hasQueued: false) == .stop)
    #expect(machine.phase == .idle)
  }

  @Test func anActionThatChangesNothingPublishesWithoutRendering() {
    var machine = Machine(configuration: .default)
    _ = machine.receive()
    #expect(machine.applyDidEnd(hasQueued: false) == .publish(rendered: false))
    #expect(machine.publishDidEnd(hasQueued: false) == .stop)
  }

  @Test func anUnchangedStepRendersWhenSkippingIsOff() {
    var machine = Machine(
      configuration: RuntimeConfiguration(skipsRenderWhenStateIsUnchanged: false))
    _ = machine.receive()
    #expect(machine.applyDidEnd(hasQueued: false) == .render)
  }

  @Test func sendsDuringAStepAreQueuedAndTheBatchRendersOnce() {
    var machine = Machine(configuration: .default)
    _ = machine.receive()
    #expect(machine.receive() == .enqueue)
    machine.noteStateChange()
    #expect(machine.applyDidEnd(hasQueued: true) == .applyQueued)
    #expect(machine.phase == .applying)
    #expect(machine.applyDidEnd(hasQueued: false) == .render)
    #expect(machine.receive() == .refuse)
    _ = machine.renderDidEnd()
    #expect(machine.receive() == .enqueue)
    _ = machine.workDidStart(hasQueued: true)
    #expect(machine.receive() == .enqueue)
    // What arrived while publishing is the next step.
    #expect(machine.publishDidEnd(hasQueued: true) == .applyQueued)
    #expect(machine.phase == .applying)
    #expect(machine.applyDidEnd(hasQueued: false) == .publish(rendered: false))
  }

  @Test func perActionRenderingFinishesTheStepAfterEveryAction() {
    var machine = Machine(configuration: RuntimeConfiguration(renderPolicy: .perAction))
    _ = machine.receive()
    machine.noteStateChange()
    #expect(machine.applyDidEnd(hasQueued: true) == .render)
  }

  @Test func theInitialRenderHandsWhatItsWorkSentToTheFirstStep() {
    var machine = Machine(configuration: .default)
    machine.beginInitialRender()
    #expect(machine.receive() == .refuse)
    #expect(machine.renderDidEnd() == .startWork)
    #expect(machine.workDidStart(hasQueued: true) == .applyQueued)
    #expect(machine.applyDidEnd(hasQueued: false) == .publish(rendered: false))

    var quiet = Machine(configuration: .default)
    quiet.beginInitialRender()
    _ = quiet.renderDidEnd()
    #expect(quiet.workDidStart(hasQueued: false) == .stop)
    #expect(quiet.phase == .idle)
  }

  @Test func theInboxIsCollectedIntoOneBatch() {
    var machine = Machine(configuration: .default)
    #expect(machine.beginCollecting() == true)
    #expect(machine.receive() == .enqueue)
    #expect(machine.collectingDidEnd(hasQueued: true) == .applyQueued)
    #expect(machine.phase == .applying)

    var empty = Machine(configuration: .default)
    _ = empty.beginCollecting()
    #expect(empty.collectingDidEnd(hasQueued: false) == .stop)
    #expect(empty.phase == .idle)
  }

  @Test func theFirstCauseOfAStepIsKeptUntilItPublishes() {
    var machine = Machine(configuration: .default)
    _ = machine.receive()
    #expect(!machine.hasCause)
    #expect(machine.cause == .workflowUpdate)
    machine.noteCause(.rewind(toStep: 1))
    machine.noteCause(.workflowUpdate)
    #expect(machine.cause == .rewind(toStep: 1))
    machine.replaceCause(with: .rewind(toStep: 2))
    #expect(machine.cause == .rewind(toStep: 2))
    _ = machine.applyDidEnd(hasQueued: false)
    _ = machine.publishDidEnd(hasQueued: false)
    #expect(!machine.hasCause)
  }

  @Test func aShutDownStepStopsAtItsNextTransitionAndDropsSends() {
    var machine = Machine(configuration: .default)
    _ = machine.receive()
    #expect(machine.shutDown() == true)
    #expect(machine.applyDidEnd(hasQueued: true) == .stop)
    #expect(machine.receive() == .drop)
    #expect(machine.beginCollecting() == false)
    #expect(machine.beginPublishingHeldOutputs() == false)

    var idle = Machine(configuration: .default)
    #expect(idle.shutDown() == false)
    #expect(idle.phase == .shutDown)
  }

  @Test func heldOutputsArePublishedOnlyFromIdle() {
    var machine = Machine(configuration: .default)
    #expect(machine.beginPublishingHeldOutputs() == true)
    #expect(machine.phase == .notifying)
    #expect(machine.publishDidEnd(hasQueued: false) == .stop)
    _ = machine.receive()
    #expect(machine.beginPublishingHeldOutputs() == false)
  }

  @Test func anIllegalTransitionTrapsNamingThePhase() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var machine = StepStateMachine(configuration: .default)
      _ = machine.renderDidEnd()
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(message.contains("renderDidEnd() is not allowed in phase idle"))
    }
  }
}
