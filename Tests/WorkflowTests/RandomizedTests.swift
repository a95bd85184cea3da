// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import Workflow
import WorkflowReactive

@MainActor
@Suite struct RandomizedTests {
  @Test(arguments: 0..<12)
  func randomTreesMatchTheReferenceModelInEveryConfiguration(seed: Int) {
    var specRNG = SplitMix64(seed: UInt64(seed))
    let spec = TreeSpec.random(depth: 4, key: "", using: &specRNG)
    var results: [RuntimeConfiguration: [String]] = [:]
    for configuration in RuntimeConfiguration.allCombinations {
      var rng = SplitMix64(seed: UInt64(seed) &* 31 &+ 7)
      var model = TreeModel(spec: spec, path: "root")
      let host = WorkflowHost(
        workflow: TreeWorkflow(spec: spec, path: "root"), configuration: configuration)
      var outputs: [Int] = []
      host.output.observeValues { outputs.append($0) }
      var modelOutputs: [Int] = []
      var transcript: [String] = []
      #expect(host.rendering.value.lines == model.lines)
      for _ in 0..<150 {
        let paths = model.paths
        let target = paths[Int.random(in: 0..<paths.count, using: &rng)]
        let action: TreeAction
        switch Int.random(in: 0..<6, using: &rng) {
        case 0, 1: action = .toggle(Int.random(in: 0..<3, using: &rng))
        case 2: action = .report
        default: action = .add(Int.random(in: 1...5, using: &rng))
        }
        if let output = model.apply(action, at: target) { modelOutputs.append(output) }
        let sink = host.rendering.value.sinks[target]
        #expect(sink != nil, "no sink for \(target)")
        sink?.send(.init(action: action))
        let lines = host.rendering.value.lines
        #expect(
          lines == model.lines, "seed \(seed), \(configuration), after \(action) at \(target)")
        transcript += lines
      }
      #expect(outputs == modelOutputs)
      results[configuration] = transcript
    }
    #expect(Set(results.values).count == 1)
  }
}
