// SPDX-License-Identifier: Apache-2.0

/// Two screens side by side, fitted to the terminal width.
///
/// The panes are separated by ` │ `; the left pane gets ``leftFraction`` of the remaining columns.
/// When the terminal is narrower than ``minimumWidth``, the panes are stacked instead: the left
/// pane, an empty line, then the right pane.
///
/// Commands: the left pane's, then the right pane's. A name that only one pane offers is used as
/// it is. A name that both panes offer is available only with a prefix, `left.` or `right.`
/// (`left.select 2`), so neither pane's command is hidden.
public struct SplitScreen: TextScreen {
  /// The left (or, when stacked, upper) pane.
  public var left: any TextScreen
  /// The right (or, when stacked, lower) pane.
  public var right: any TextScreen
  /// The share of the columns the left pane gets, between 0.1 and 0.9.
  public var leftFraction: Double

  /// The narrowest terminal, in columns, in which the panes go side by side.
  public static let minimumWidth = 40

  /// Creates a split screen.
  ///
  /// - Parameters:
  ///   - left: The left pane.
  ///   - right: The right pane.
  ///   - leftFraction: The left pane's share of the columns; clamped to 0.1...0.9.
  public init(left: any TextScreen, right: any TextScreen, leftFraction: Double = 0.5) {
    self.left = left
    self.right = right
    self.leftFraction = min(0.9, max(0.1, leftFraction))
  }

  /// Both titles, joined by ` | `.
  public var title: String { "\(left.title) | \(right.title)" }

  /// Both panes' notices, the left one's first.
  public var notices: [Notice] { left.notices + right.notices }

  /// Both panes' commands; names both panes offer get a `left.` / `right.` prefix.
  public var commands: [Command] {
    let leftCommands = left.commands
    let rightCommands = right.commands
    let shared = Set(leftCommands.map(\.name)).intersection(rightCommands.map(\.name))
    func prefixed(_ command: Command, _ prefix: String) -> Command {
      guard shared.contains(command.name) else { return command }
      var renamed = command
      renamed.name = prefix + command.name
      return renamed
    }
    return leftCommands.map { prefixed($0, "left.") } + rightCommands.map { prefixed($0, "right.") }
  }

  /// The panes side by side, or stacked on a narrow terminal.
  public func render(width: Int) -> [String] {
    let width = max(1, width)
    guard width >= Self.minimumWidth else {
      return left.render(width: width) + [""] + right.render(width: width)
    }
    let separator = " │ "
    let available = width - TextLayout.displayWidth(separator)
    let leftWidth = Int((Double(available) * leftFraction).rounded(.down))
    let rightWidth = available - leftWidth
    let leftLines = left.render(width: leftWidth)
    let rightLines = right.render(width: rightWidth)
    var lines: [String] = []
    for index in 0..<max(leftLines.count, rightLines.count) {
      let leftLine = index < leftLines.count ? leftLines[index] : ""
      let rightLine = index < rightLines.count ? rightLines[index] : ""
      let line =
        TextLayout.pad(leftLine, width: leftWidth) + separator
        + TextLayout.truncate(rightLine, width: rightWidth)
      lines.append(TextLayout.trimmingTrailingSpaces(line))
    }
    return lines
  }
}
