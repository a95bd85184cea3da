// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

extension WorkflowHost {
  /// The current rendering, then every new one, as an asynchronous sequence.
  ///
  /// Renderings are buffered without limit, so none is missed; the sequence ends when the host
  /// goes away, and cancelling the iterating task stops the observation.
  public var renderings: AsyncValues<WorkflowType.Rendering, Never> {
    rendering.producer.values
  }

  /// The root's outputs from now on, as an asynchronous sequence.
  ///
  /// Outputs are buffered without limit; the sequence ends when the host goes away.
  public var outputs: AsyncValues<WorkflowType.Output, Never> {
    output.values
  }
}
