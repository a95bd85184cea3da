// SPDX-License-Identifier: Apache-2.0

import Testing
// workflow-swift declares the interceptor behind this SPI; its users' imports keep compiling.
@_spi(WorkflowGlobalObservation) import Workflow

/// Hands every host the observers it is given with `added` after them, reversed when asked.
private struct AddingObservers: ObserversInterceptor {
  var added: [any WorkflowObserver]
  var reverses = false

  func workflowObservers(for initialObservers: [any WorkflowObserver]) -> [any WorkflowObserver] {
    let all = initialObservers + added
    return reverses ? all.reversed() : all
  }
}

/// `WorkflowObservation.sharedObserversInterceptor`, workflow-swift's program-wide observers.
///
/// Each test sets the shared interceptor and restores it before returning, without suspending
/// in between, so no other test on the main actor makes a host meanwhile.
@MainActor
@Suite struct ObserversInterceptorTests {
  @Test func everyHostMadeWhileSetUsesTheObserversItReturns() {
    let log = Recorder<String>()
    WorkflowObservation.sharedObserversInterceptor = AddingObservers(
      added: [WillRenderLogger("shared", log: log)])
    defer { WorkflowObservation.sharedObserversInterceptor = nil }
    let first = WorkflowHost(workflow: Counter())
    let second = WorkflowHost(
      workflow: Counter(), observers: [WillRenderLogger("own", log: log)])
    _ = (first, second)
    #expect(
      log.events == [
        "shared will render Counter", "own will render Counter", "shared will render Counter",
      ])
  }

  @Test func theObserversHearEventsInTheOrderItReturns() {
    let log = Recorder<String>()
    WorkflowObservation.sharedObserversInterceptor = AddingObservers(
      added: [WillRenderLogger("shared", log: log)], reverses: true)
    defer { WorkflowObservation.sharedObserversInterceptor = nil }
    let host = WorkflowHost(workflow: Counter(), observers: [WillRenderLogger("own", log: log)])
    _ = host
    #expect(log.events == ["shared will render Counter", "own will render Counter"])
  }

  @Test func settingNilRestoresTheObserversAsGiven() {
    let log = Recorder<String>()
    WorkflowObservation.sharedObserversInterceptor = AddingObservers(
      added: [WillRenderLogger("shared", log: log)])
    WorkflowObservation.sharedObserversInterceptor = nil
    let given: [any WorkflowObserver] = [WillRenderLogger("own", log: log)]
    #expect(WorkflowObservation.sharedObserversInterceptor.workflowObservers(for: given).count == 1)
    let host = WorkflowHost(workflow: Counter(), observers: given)
    _ = host
    #expect(log.events == ["own will render Counter"])
  }

  @Test func aHostKeepsTheObserversItWasMadeWith() {
    let log = Recorder<String>()
    let host = WorkflowHost(workflow: Counter())
    WorkflowObservation.sharedObserversInterceptor = AddingObservers(
      added: [WillRenderLogger("shared", log: log)])
    defer { WorkflowObservation.sharedObserversInterceptor = nil }
    host.rendering.value.sink.send(.increment)
    #expect(log.events.isEmpty)
  }
}
