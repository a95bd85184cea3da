// SPDX-License-Identifier: Apache-2.0

extension RenderPassTrace {
  /// The pass of a step, as a tracer shows it: the record's nodes named by their paths and its
  /// values described.
  ///
  /// - Parameter number: The pass's position among the passes of its tracer.
  init(number: Int, record: StepRecord) {
    self.init(
      number: number, cause: record.cause, rendered: record.rendered,
      actions: record.actions.map {
        Action(
          path: $0.node.path, action: $0.values.describeAction(), changes: $0.values.changes(),
          output: $0.values.describeOutput())
      },
      outputs: record.outputs.map { Output(path: $0.node.path, output: $0.describe()) },
      renders: record.renders.map { NodeRender(path: $0.node.path, isReused: $0.isReused) })
  }
}
