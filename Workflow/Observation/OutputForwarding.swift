// SPDX-License-Identifier: Apache-2.0

/// The action behind an output sink, which traces show as the output it forwards.
protocol OutputForwarding {
  var forwardedOutputDescription: String { get }
}

extension SendOutput: OutputForwarding {
  var forwardedOutputDescription: String { "output " + TraceText.describe(output) }
}
