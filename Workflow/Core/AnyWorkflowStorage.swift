// SPDX-License-Identifier: Apache-2.0

/// The class behind ``AnyWorkflow``: renders the concrete workflow it hides.
///
/// Subclassed once, by ``ConcreteWorkflowStorage``; the class only fixes the erased signature.
class AnyWorkflowStorage<Rendering, Output> {
  var base: Any { preconditionFailure("AnyWorkflowStorage is only used through its subclass") }

  var workflowType: any Workflow.Type {
    preconditionFailure("AnyWorkflowStorage is only used through its subclass")
  }

  func render<Parent: Workflow, Action: WorkflowAction>(
    in context: RenderContext<Parent>, key: String, outputMap: ((Output) -> Action)?
  ) -> Rendering where Action.WorkflowType == Parent {
    preconditionFailure("AnyWorkflowStorage is only used through its subclass")
  }

  func mapRendering<R>(_ transform: @escaping (Rendering) -> R) -> AnyWorkflowStorage<R, Output> {
    preconditionFailure("AnyWorkflowStorage is only used through its subclass")
  }

  func mapOutput<O>(_ transform: @escaping (Output) -> O) -> AnyWorkflowStorage<Rendering, O> {
    preconditionFailure("AnyWorkflowStorage is only used through its subclass")
  }

  /// - Parameter erased: The ``AnyWorkflow`` whose outputs are ignored, when the caller was one.
  func ignoringOutput(of erased: AnyWorkflow<Rendering, Output>?) -> AnyWorkflowStorage<
    Rendering, Never
  > {
    preconditionFailure("AnyWorkflowStorage is only used through its subclass")
  }
}

/// Holds a concrete workflow together with the maps applied to its rendering and output.
final class ConcreteWorkflowStorage<W: Workflow, Rendering, Output>:
  AnyWorkflowStorage<Rendering, Output>
{
  let workflow: W
  let renderingMap: (W.Rendering) -> Rendering
  /// `nil` when the outputs are ignored: the child is then rendered without an output handler.
  let outputMap: ((W.Output) -> Output)?
  /// The ``AnyWorkflow`` whose outputs this storage ignores, when `ignoringOutput()` was called
  /// on one: a render tester may answer for the child by its type.
  let erasedIgnoringOutput: Any?

  init(
    workflow: W,
    renderingMap: @escaping (W.Rendering) -> Rendering,
    outputMap: ((W.Output) -> Output)?,
    erasedIgnoringOutput: Any? = nil
  ) {
    self.workflow = workflow
    self.renderingMap = renderingMap
    self.outputMap = outputMap
    self.erasedIgnoringOutput = erasedIgnoringOutput
  }

  override var base: Any { workflow }

  override var workflowType: any Workflow.Type { W.self }

  override func render<Parent: Workflow, Action: WorkflowAction>(
    in context: RenderContext<Parent>, key: String, outputMap parentMap: ((Output) -> Action)?
  ) -> Rendering where Action.WorkflowType == Parent {
    if let erasedIgnoringOutput,
      let rendering = context.fakeRendering(
        ofOutputIgnoring: erasedIgnoringOutput, wrapping: W.self, key: key, as: Rendering.self)
    {
      return rendering
    }
    var handler: ((W.Output) -> Void)? = nil
    if let parentMap, let outputMap {
      handler = context.makeOutputHandler { parentMap(outputMap($0)) }
    }
    return renderingMap(context.renderChild(workflow, key: key, outputHandler: handler))
  }

  override func mapRendering<R>(
    _ transform: @escaping (Rendering) -> R
  ) -> AnyWorkflowStorage<R, Output> {
    let renderingMap = self.renderingMap
    return ConcreteWorkflowStorage<W, R, Output>(
      workflow: workflow, renderingMap: { transform(renderingMap($0)) }, outputMap: outputMap)
  }

  override func mapOutput<O>(
    _ transform: @escaping (Output) -> O
  ) -> AnyWorkflowStorage<Rendering, O> {
    ConcreteWorkflowStorage<W, Rendering, O>(
      workflow: workflow, renderingMap: renderingMap,
      outputMap: outputMap.map { outputMap in { transform(outputMap($0)) } })
  }

  override func ignoringOutput(
    of erased: AnyWorkflow<Rendering, Output>?
  ) -> AnyWorkflowStorage<Rendering, Never> {
    ConcreteWorkflowStorage<W, Rendering, Never>(
      workflow: workflow, renderingMap: renderingMap, outputMap: nil,
      erasedIgnoringOutput: erased)
  }
}
