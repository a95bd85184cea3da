// SPDX-License-Identifier: Apache-2.0

/// Formats outcomes as a table for people or as JSON for tools.
enum Report {
  /// The width of the title column for `scenarios`.
  static func titleWidth(for scenarios: [Scenario]) -> Int {
    max(8, scenarios.map(\.title.count).max() ?? 0)
  }

  /// The table header.
  static func header(titleWidth: Int) -> String {
    pad("id", 9) + pad("scenario", titleWidth + 2) + padLeft("median", 14) + padLeft("min", 14)
      + padLeft("max", 14) + padLeft("target", 12) + "  check"
  }

  /// One table row: median, min and max ns per operation (or bytes per node), the target, and
  /// the result check.
  static func row(_ outcome: Outcome, titleWidth: Int) -> String {
    let scenario = outcome.scenario
    var line = pad(scenario.id, 9) + pad(scenario.title, titleWidth + 2)
    switch outcome.figures {
    case .time(let median, let min, let max):
      line += padLeft(decimal(median) + " ns", 14) + padLeft(decimal(min) + " ns", 14)
      line += padLeft(decimal(max) + " ns", 14)
    case .memory(let bytes):
      line += padLeft(decimal(bytes) + " B/node", 14) + padLeft("", 28)
    }
    line += padLeft(scenario.target.map { "<= \(Int($0))" } ?? "", 12)
    line += outcome.isCorrect ? "  ok" : "  WRONG RESULT"
    if outcome.meetsTarget == false { line += ", over target" }
    return line
  }

  /// `{"scenarios": [{"id": …, "title": …, "median_ns": …, "min_ns": …, "max_ns": …,
  /// "operations": …, "ok": …}]}`; a memory row has `"bytes_per_node"` instead of the `_ns`
  /// fields and `"operations"`.
  static func json(_ outcomes: [Outcome]) -> String {
    let rows = outcomes.map { outcome in
      var fields = [
        "\"id\": \(quoted(outcome.scenario.id))",
        "\"title\": \(quoted(outcome.scenario.title))",
      ]
      switch outcome.figures {
      case .time(let median, let min, let max):
        fields.append("\"median_ns\": \(decimal(median))")
        fields.append("\"min_ns\": \(decimal(min))")
        fields.append("\"max_ns\": \(decimal(max))")
        if case .time(let operations, _) = outcome.scenario.kind {
          fields.append("\"operations\": \(operations)")
        }
      case .memory(let bytes):
        fields.append("\"bytes_per_node\": \(decimal(bytes))")
      }
      fields.append("\"ok\": \(outcome.isCorrect)")
      return "{" + fields.joined(separator: ", ") + "}"
    }
    return "{\"scenarios\": [" + rows.joined(separator: ", ") + "]}"
  }

  /// `value` with one decimal, e.g. `41.2`.
  static func decimal(_ value: Double) -> String {
    guard value.isFinite else { return "0.0" }
    let tenths = Int((value * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
  }

  private static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }

  private static func padLeft(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }
}
