// SPDX-License-Identifier: Apache-2.0

import Workflow
import WorkflowReactive

/// Makes a rendering for a child the test did not expect, so the render can go on after the
/// failure is recorded.
enum FallbackRendering {
  static func make<Child: Workflow>(for child: Child, parent: Any.Type) -> Child.Rendering {
    if let nothing = () as? Child.Rendering { return nothing }
    guard MainQueue.isCurrent else {
      fatalError(
        """
        RenderTester<\(parent)>: cannot make a rendering for the unexpected child \(Child.self) \
        off the main actor; expect it with expectWorkflow(type:key:producingRendering:)
        """)
    }
    // A real host renders the child; it goes away, with its work, right after.
    let box = UncheckedSendable(child)
    return MainActor.assumeIsolated {
      UncheckedSendable(WorkflowHost(workflow: box.value).rendering.value)
    }.value
  }
}
