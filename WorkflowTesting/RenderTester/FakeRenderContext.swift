// SPDX-License-Identifier: Apache-2.0

import Workflow
import WorkflowReactive

/// Backs the ``RenderContext`` of one tester render: answers child and side-effect requests from
/// the expectations and records everything the render asks for.
///
/// A probe context (the first of the two renders of the idempotency check) only records; it
/// reports nothing and runs no assertions, so each problem is reported once.
final class FakeRenderContext<W: Workflow>: RenderContextFake {
  typealias WorkflowType = W

  private struct ChildID: Hashable {
    let typeID: ObjectIdentifier
    let key: String
  }

  private let expectations: [RenderExpectation<W>]
  private var isConsumed: [Bool]
  private let site: CallSite
  private let isProbe: Bool
  private var childIDs: Set<ChildID> = []
  private var sideEffectKeys: Set<AnyHashable> = []
  private(set) var isRendering = true
  /// Everything the render asked for, in order, as lines that compare across renders.
  private(set) var requests: [String] = []
  /// Child outputs and side-effect actions to deliver once the render is over.
  private var deliveries: [() -> Void] = []
  /// Applies actions that arrive after the render; `nil` until the render is over.
  var onAction: ((any WorkflowAction<W>) -> Void)?

  init(expectations: [RenderExpectation<W>], site: CallSite, isProbe: Bool) {
    self.expectations = expectations
    isConsumed = Array(repeating: false, count: expectations.count)
    self.site = site
    self.isProbe = isProbe
  }

  private func fail(_ message: String) {
    if !isProbe { FailureReporter.fail(message, at: site) }
  }

  func checkValid() {
    if !isRendering {
      fail("RenderContext<\(W.self)> was used after its render; make sinks during render")
    }
  }

  func receive<Action: WorkflowAction>(_ action: Action) where Action.WorkflowType == W {
    if isRendering {
      requests.append("sent action \(Action.self)")
      fail(
        """
        \(W.self) sent \(Action.self) during render; send from a side effect or a worker, or \
        from the rendering after render
        """)
      return
    }
    onAction?(action)
  }

  func renderChild<Child: Workflow>(
    _ child: Child, key: String, outputHandler: ((Child.Output) -> Void)?
  ) -> Child.Rendering {
    let typeID = ObjectIdentifier(Child.self)
    let worker = (child as? any WorkerRunning).map { type(of: $0.anyWorker) }
    let producedType = (worker as? any SignalProducerRunning.Type)?.valueType
    let summary =
      if let producedType {
        "signal producer of \(producedType)"
      } else if let worker {
        "worker \(worker)"
      } else {
        "workflow \(Child.self)"
      }
    requests.append("\(summary) with key \"\(key)\"")
    claimChild(typeID: typeID, named: worker ?? Child.self, key: key)
    guard
      let index = expectations.indices.first(where: {
        !isConsumed[$0] && expectations[$0].matches(childTypeID: typeID, key: key)
      })
    else {
      let remedy =
        if producedType != nil {
          "expectSignalProducer(outputType:producingOutput:key:)"
        } else if worker != nil {
          "expectWorker(_:mockingOutput:key:)"
        } else {
          "expectWorkflow(type:key:…)"
        }
      fail(
        "Unexpected \(summary) with key \"\(key)\" in the render of \(W.self); "
          + "expect it with \(remedy)\(otherKeys(of: typeID))")
      return FallbackRendering.make(for: child)
    }
    isConsumed[index] = true
    let expectation = expectations[index]
    if isProbe { return expectation.rendering as! Child.Rendering }
    if let problem = expectation.check(child) { fail(problem) }
    if expectation.requiresIgnoredOutput, outputHandler != nil {
      fail(
        "\(expectation.summary) was expected with its output ignored, but \(W.self) renders it "
          + "with an output mapping; render it with ignoringOutput() or expect it with "
          + "expectWorkflow(type:key:…)")
    }
    if let output = expectation.output {
      if let outputHandler {
        deliveries.append { outputHandler(output as! Child.Output) }
      } else {
        fail(
          "\(expectation.summary) was given an output, but \(W.self) renders it without an "
            + "output mapping")
      }
    }
    return expectation.rendering as! Child.Rendering
  }

  /// Answers for an `AnyWorkflow` rendered with `ignoringOutput()` when an expectation names its
  /// erased type, as workflow-swift's tester does; otherwise the wrapped workflow is requested as
  /// usual.
  func renderOutputIgnoringChild<Rendering>(
    _ erased: Any, underlying: any Workflow.Type, key: String, as renderingType: Rendering.Type
  ) -> Rendering? {
    let erasedID = ObjectIdentifier(type(of: erased))
    guard
      let index = expectations.indices.first(where: {
        !isConsumed[$0] && expectations[$0].matches(childTypeID: erasedID, key: key)
      })
    else { return nil }
    requests.append("workflow \(type(of: erased)) with key \"\(key)\"")
    claimChild(typeID: ObjectIdentifier(underlying), named: underlying, key: key)
    isConsumed[index] = true
    let expectation = expectations[index]
    if !isProbe, let problem = expectation.check(erased) { fail(problem) }
    return (expectation.rendering as! Rendering)
  }

  /// Notes the child `(typeID, key)` of this render, reporting a second one.
  private func claimChild(typeID: ObjectIdentifier, named typeName: Any.Type, key: String) {
    guard !childIDs.insert(ChildID(typeID: typeID, key: key)).inserted else { return }
    fail(
      """
      \(W.self) rendered two children of type \(typeName) with key "\(key)" in one render; give \
      each child of the same type a unique key
      """)
  }

  private func otherKeys(of typeID: ObjectIdentifier) -> String {
    let keys = expectations.filter { $0.childTypeID == typeID }.compactMap(\.childKeyDescription)
    return keys.isEmpty ? "" : " (expected keys: \(keys.joined(separator: ", ")))"
  }

  func runSideEffect(key: AnyHashable, start: @escaping (Lifetime) -> Void) {
    let name = describeSideEffectKey(key)
    requests.append("side effect \(name)")
    if !sideEffectKeys.insert(key).inserted {
      fail(
        """
        \(W.self) ran two side effects with key \(name) in one render; give each side effect a \
        unique key
        """)
    }
    guard
      let index = expectations.indices.first(where: {
        !isConsumed[$0] && expectations[$0].matches(sideEffectKey: key)
      })
    else {
      fail(
        "Unexpected side effect \(name) in the render of \(W.self); expect it with "
          + "expectSideEffect(key:)")
      return
    }
    isConsumed[index] = true
    if let action = expectations[index].action {
      deliveries.append { [unowned self] in onAction?(action) }
    }
  }

  /// Ends the render: reports unmet expectations, then delivers outputs and side-effect actions.
  func endRender() {
    isRendering = false
    guard !isProbe else { return }
    for (index, expectation) in expectations.enumerated() where !isConsumed[index] {
      FailureReporter.fail(
        "Expected \(expectation.summary) in the render of \(W.self), but it was not requested",
        at: expectation.site)
    }
    let pending = deliveries
    deliveries = []
    for deliver in pending { deliver() }
  }
}
