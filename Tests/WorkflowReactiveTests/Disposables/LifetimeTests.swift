// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

@Suite struct LifetimeTests {
  @Test func releasingTheTokenEndsTheLifetimeOnce() {
    var ends = 0
    var token: Lifetime.Token?
    let lifetime: Lifetime
    (lifetime, token) = Lifetime.make()
    lifetime.observeEnded { ends += 1 }
    #expect(!lifetime.hasEnded)
    token = nil
    #expect(lifetime.hasEnded)
    #expect(ends == 1)
    _ = token
  }

  @Test func observingAnEndedLifetimeRunsAtOnce() {
    var ran = false
    let disposable = Lifetime.empty.observeEnded { ran = true }
    #expect(ran)
    #expect(disposable == nil)
  }

  @Test func disposablesAddedToALifetimeAreDisposedWhenItEnds() {
    var token: Lifetime.Token?
    let lifetime: Lifetime
    (lifetime, token) = Lifetime.make()
    let disposable = AnyDisposable()
    lifetime += disposable
    #expect(!disposable.isDisposed)
    token = nil
    #expect(disposable.isDisposed)
    _ = token
  }

  @Test func cancelledObservationDoesNotRun() {
    var ran = false
    var token: Lifetime.Token?
    let lifetime: Lifetime
    (lifetime, token) = Lifetime.make()
    lifetime.observeEnded { ran = true }?.dispose()
    token = nil
    #expect(!ran)
    _ = token
  }

  @Test func disposingTheTokenEndsTheLifetimeEarlyAndOnce() {
    var ends = 0
    var token: Lifetime.Token?
    let lifetime: Lifetime
    (lifetime, token) = Lifetime.make()
    lifetime.observeEnded { ends += 1 }
    token?.dispose()
    #expect(lifetime.hasEnded)
    #expect(ends == 1)
    token?.dispose()
    token = nil
    #expect(ends == 1)
  }

  @Test func emptyLifetimeHasEnded() {
    #expect(Lifetime.empty.hasEnded)
  }
}
