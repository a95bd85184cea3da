// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow

/// The per-runtime cache of what the runtime learns about each workflow type.
@Suite struct WorkflowTypeInfoCacheTests {
  private struct First: Workflow, Equatable {
    func makeInitialState() -> Int { 0 }
    func render(state: Int, context: RenderContext<First>) {}
  }

  private struct Second: Workflow {
    var value = 0
    struct State {}
    func makeInitialState() -> State { State() }
    func render(state: State, context: RenderContext<Second>) {}
  }

  @Test func eachTypeGetsOneInformationWhateverTheOrderOfRequests() {
    var cache = WorkflowTypeInfoCache()
    let first = cache.info(for: First.self)
    let second = cache.info(for: Second.self)
    #expect(cache.info(for: First.self) === first)
    #expect(cache.info(for: First.self) === first)
    #expect(cache.info(for: Second.self) === second)
    #expect(cache.count == 2)
  }

  @Test func theInformationComparesAsEqualityDoes() {
    var cache = WorkflowTypeInfoCache()
    let first = cache.info(for: First.self)
    #expect(first.workflowsAreAlwaysEqual)
    #expect(first.areStatesEqual?(1, 1) == true)
    #expect(first.areStatesEqual?(1, 2) == false)
    let second = cache.info(for: Second.self)
    #expect(second.areWorkflowsEqual == nil)
    #expect(!second.workflowsAreAlwaysEqual)
    // A state without stored data has one value: never a change.
    #expect(second.areStatesEqual?(Second.State(), Second.State()) == true)
  }
}
