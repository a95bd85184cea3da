// SPDX-License-Identifier: Apache-2.0

// The code of the "Viewing traces" article (Workflow.docc/ViewingTraces.md), which quotes this
// file; change both together.

import Foundation
import Workflow

/// Traces two actions and writes the trace to `file`; returns the tracer.
@MainActor
func writeATrace(to file: URL) throws -> WorkflowTracer {
  let tracer = WorkflowTracer(capacity: 1_000)
  let host = WorkflowHost(workflow: ShoppingListWorkflow(), observers: [tracer])
  host.rendering.value.actions.send(.add("eggs"))
  host.rendering.value.actions.send(.add("milk"))
  try tracer.writeTraceEvents(to: file)
  return tracer
}

/// Records one action of three and writes it through `handle`; returns the tracer.
@MainActor
func traceAStretch(to handle: FileHandle) throws -> WorkflowTracer {
  let tracer = WorkflowTracer(capacity: 200, isRecording: false)
  let host = WorkflowHost(workflow: ShoppingListWorkflow(), observers: [tracer])
  tracer.start()
  host.rendering.value.actions.send(.add("eggs"))
  tracer.stop()
  host.rendering.value.actions.send(.add("milk"))  // not kept
  try tracer.writeTraceEvents(using: handle.write(contentsOf:))
  return tracer
}
