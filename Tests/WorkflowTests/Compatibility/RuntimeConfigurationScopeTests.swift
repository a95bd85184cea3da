// SPDX-License-Identifier: Apache-2.0

import Testing
// workflow-swift declares `Runtime` behind this SPI; its users' imports keep compiling here.
@_spi(WorkflowRuntimeConfig) import Workflow
import WorkflowReactive

/// `Runtime.withConfiguration(override:operation:)`, as workflow-swift's suites use it to run
/// hosts under a configuration.
@MainActor
@Suite struct RuntimeConfigurationScopeTests {
  /// How many renderings `host` publishes while `sends` runs.
  private func publishedRenderings(
    of host: WorkflowHost<Counter>, during sends: (Sink<Counter.Action>) -> Void
  ) -> Int {
    var published = 0
    let observation = host.rendering.signal.observeValues { _ in published += 1 }
    sends(host.rendering.value.sink)
    observation?.dispose()
    return published
  }

  @Test func outsideAnyScopeTheConfigurationIsTheDefault() {
    #expect(Runtime.configuration == .default)
    #expect(Runtime.Configuration() == RuntimeConfiguration.default)
  }

  @Test func anOverrideStartsFromTheConfigurationInEffectAndEndsWithTheOperation() {
    let seen = Runtime.withConfiguration(override: { $0.renderOnlyIfStateChanged = false }) {
      Runtime.withConfiguration(
        override: { configuration in
          #expect(configuration.renderOnlyIfStateChanged == false)
          configuration.partialTreeRendering = false
        },
        operation: { Runtime.configuration })
    }
    #expect(seen.renderOnlyIfStateChanged == false)
    #expect(seen.partialTreeRendering == false)
    #expect(Runtime.configuration == .default)
  }

  @Test func withoutAnOverrideTheOperationRunsUnderTheConfigurationInEffect() {
    let seen = Runtime.withConfiguration(override: { $0.renderPolicy = .perAction }) {
      Runtime.withConfiguration { Runtime.configuration.renderPolicy }
    }
    #expect(seen == .perAction)
  }

  @Test func workflowSwiftNamesSetTheSameSwitches() {
    var configuration = Runtime.Configuration()
    configuration.renderOnlyIfStateChanged = false
    configuration.partialTreeRendering = false
    #expect(configuration.skipsRenderWhenStateIsUnchanged == false)
    #expect(configuration.isPartialRenderingEnabled == false)
    configuration.skipsRenderWhenStateIsUnchanged = true
    #expect(configuration.renderOnlyIfStateChanged)
  }

  @Test func aHostMadeInTheScopeKeepsItsConfigurationAfterwards() {
    let host = Runtime.withConfiguration(override: { $0.renderOnlyIfStateChanged = false }) {
      WorkflowHost(workflow: Counter())
    }
    // An action that changes no state still renders under this configuration, after the scope.
    #expect(publishedRenderings(of: host) { $0.send(.nothing) } == 1)
    let unscoped = WorkflowHost(workflow: Counter())
    #expect(publishedRenderings(of: unscoped) { $0.send(.nothing) } == 0)
  }

  @Test func anExplicitConfigurationWinsOverTheScope() {
    let host = Runtime.withConfiguration(override: { $0.renderOnlyIfStateChanged = false }) {
      WorkflowHost(workflow: Counter(), configuration: .default)
    }
    #expect(publishedRenderings(of: host) { $0.send(.nothing) } == 0)
  }

  @Test func theScopeReachesTasksStartedInIt() async {
    let task = Runtime.withConfiguration(override: { $0.historyLimit = 3 }) {
      Task { Runtime.configuration.historyLimit }
    }
    #expect(await task.value == 3)
  }
}
