// SPDX-License-Identifier: Apache-2.0

import Testing

/// The text of every comment of `issue`, joined.
func message(of issue: Issue) -> String {
  issue.comments.map(\.rawValue).joined(separator: "\n")
}

/// Whether `issue` was recorded with a message containing every one of `parts`.
func issue(_ issue: Issue, says parts: String...) -> Bool {
  let text = message(of: issue)
  return parts.allSatisfy { text.contains($0) }
}
