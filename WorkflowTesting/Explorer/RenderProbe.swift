// SPDX-License-Identifier: Apache-2.0

import Workflow
import WorkflowReactive

/// Checks that a node's render is repeatable: rendered twice more with the workflow value and
/// state of its live render, it asks for the same children in the same order as the live render
/// did, for the same side effects both times, and returns renderings that print alike.
///
/// Children are not rendered again: each gets the rendering its live node last produced.
enum RenderProbe {
  static func compare<W: Workflow>(
    _ workflow: W, state: W.State, at path: WorkflowNodePath,
    liveChildren: [WorkflowNodePath.Component], recorder: TreeRecorder
  ) -> String? {
    let first = ProbeContext<W>(path: path, recorder: recorder)
    let firstRendering = workflow.render(state: state, context: RenderContext(fake: first))
    first.endRender()
    let second = ProbeContext<W>(path: path, recorder: recorder)
    let secondRendering = workflow.render(state: state, context: RenderContext(fake: second))
    second.endRender()
    var problems: [String] = []
    if first.children != liveChildren {
      problems.append(
        "rendered again with the same state, it asked for the children "
          + "\(list(first.children)) where it had asked for \(list(liveChildren))")
    }
    if first.requests != second.requests {
      problems.append(
        "rendered twice with the same state, it asked for \(list(first.requests)), then for "
          + list(second.requests))
    }
    let differences = StructuralDifference.differences(from: firstRendering, to: secondRendering)
    if !differences.isEmpty {
      problems.append(
        "rendered twice with the same state, its renderings differ:\n"
          + StructuralDiff.describe(expected: firstRendering, actual: secondRendering))
    }
    guard !problems.isEmpty else { return nil }
    return "The render of \(path) is not repeatable: " + problems.joined(separator: "; ")
  }

  private static func list(_ items: [some CustomStringConvertible]) -> String {
    items.isEmpty ? "nothing" : "[" + items.map(\.description).joined(separator: ", ") + "]"
  }
}

/// The context of a probe render: records what the render asks for and answers children with
/// their live renderings.
private final class ProbeContext<W: Workflow>: RenderContextFake {
  typealias WorkflowType = W

  private let path: WorkflowNodePath
  private let recorder: TreeRecorder
  private var isRendering = true
  private(set) var children: [WorkflowNodePath.Component] = []
  /// Everything the render asked for, children and side effects, in order.
  private(set) var requests: [String] = []

  init(path: WorkflowNodePath, recorder: TreeRecorder) {
    self.path = path
    self.recorder = recorder
  }

  func endRender() {
    isRendering = false
  }

  func checkValid() {}

  func receive<Action: WorkflowAction>(_ action: Action) where Action.WorkflowType == W {
    // A send during render was reported by the live render already; later sends go nowhere.
  }

  func renderChild<Child: Workflow>(
    _ child: Child, key: String, outputHandler: ((Child.Output) -> Void)?
  ) -> Child.Rendering {
    let component = WorkflowNodePath.Component(typeName: "\(Child.self)", key: key)
    children.append(component)
    requests.append("child \(component)")
    let childPath = WorkflowNodePath(components: path.components + [component])
    if let rendering = recorder.renderings[childPath] as? Child.Rendering { return rendering }
    // A child the live render did not ask for; the difference is reported.
    return FallbackRendering.make(for: child)
  }

  func runSideEffect(key: AnyHashable, start: @escaping (Lifetime) -> Void) {
    requests.append("side effect \(describeSideEffectKey(key))")
  }
}
