// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive

private enum Job: Hashable {
  case load(id: Int)
  case poll
}

@MainActor
@Suite struct HashableSideEffectKeyTests {
  @Test func aKeyOfAnyHashableTypeStartsOnceAndEndsWhenNoLongerRendered() {
    let log = Recorder<String>()
    let host = WorkflowHost(
      workflow: Scripted { state, context in
        context.runSideEffect(key: Job.load(id: state < 2 ? 1 : 2)) { lifetime in
          log.record("start \(state)")
          lifetime.onEnded { log.record("end") }
        }
      })
    host.rendering.value.bump()
    #expect(log.events == ["start 0"], "the same key in the next render keeps it running")
    host.rendering.value.bump()
    #expect(log.events == ["start 0", "end", "start 2"])
  }

  @Test func keysOfDifferentTypesThatPrintAlikeAreDifferentKeys() {
    let log = Recorder<String>()
    _ = WorkflowHost(
      workflow: Scripted { _, context in
        context.runSideEffect(key: 1) { _ in log.record("Int") }
        context.runSideEffect(key: "1") { _ in log.record("String") }
      })
    #expect(log.events == ["Int", "String"])
  }

  @Test func stringKeysAreTheSameKeysAsBefore() {
    let log = Recorder<String>()
    let host = WorkflowHost(
      workflow: Scripted { _, context in
        let key = "clock"
        context.runSideEffect(key: key) { _ in log.record("started") }
      })
    host.rendering.value.bump()
    #expect(log.events == ["started"])
  }

  @Test func runningWorkNamesEachKeyAsItPrints() {
    let host = WorkflowHost(
      workflow: Scripted { _, context in
        context.runSideEffect(key: Job.poll) { _ in }
        context.runSideEffect(key: "clock") { _ in }
      })
    #expect(
      host.runningWork() == [#"side effect "clock" at Scripted"#, "side effect poll at Scripted"])
  }

  @Test func onEndedRunsWhenTheLifetimeEndsOrAtOnceWhenItHasEnded() {
    var calls: [String] = []
    let lifetime: Lifetime
    do {
      let (made, token) = Lifetime.make()
      lifetime = made
      lifetime.onEnded { calls.append("first") }
      withExtendedLifetime(token) { #expect(calls.isEmpty) }
    }
    #expect(calls == ["first"])
    lifetime.onEnded { calls.append("late") }
    #expect(calls == ["first", "late"])
  }

  @Test func aDuplicateKeyOfAnotherTypeTrapsNamingTheKey() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        _ = WorkflowHost(
          workflow: Scripted { _, context in
            context.runSideEffect(key: Job.load(id: 7)) { _ in }
            context.runSideEffect(key: Job.load(id: 7)) { _ in }
          })
      }
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(
        message.contains(
          "Scripted ran two side effects with key load(id: 7) in one render; give each side "
            + "effect a unique key"))
    }
  }
}
