// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Workflow
import WorkflowReactive

/// Makes a rendering for a child the test did not expect, so the render can go on after the
/// failure is recorded.
///
/// A rendering-less child gets `()`. Any other child is rendered for real, by a throwaway host on
/// the main actor that goes away, with the child's work, right after.
enum FallbackRendering {
  static func make<Child: Workflow>(for child: Child) -> Child.Rendering {
    if let nothing = () as? Child.Rendering { return nothing }
    let box = UncheckedSendable(child)
    let render = {
      MainActor.assumeIsolated {
        UncheckedSendable(WorkflowHost(workflow: box.value).rendering.value)
      }
    }
    // Test runners keep the main queue serviced while a test runs off it, so waiting for it
    // here does not deadlock.
    return MainQueue.isCurrent ? render().value : DispatchQueue.main.sync(execute: render).value
  }
}
