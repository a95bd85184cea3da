// SPDX-License-Identifier: Apache-2.0

/// A screen presented over a base screen, such as a confirmation or an alert.
///
/// The base is summarised by a line naming its title; the modal is drawn in a box below it,
/// ending with the answers it takes (its commands):
///
/// ```text
/// (over: Game)
/// ┌───────────────────────┐
/// │ Quit the game?        │
/// │ --------------        │
/// │ Your progress is lost │
/// │                       │
/// │ Answers: yes / no     │
/// └───────────────────────┘
/// ```
///
/// The modal's commands come first and win over base commands of the same name. The base's
/// commands are offered only when ``includesBaseCommands`` is true; by default the modal blocks
/// them, as a dialog does.
public struct ModalScreen: TextScreen {
  /// The screen underneath.
  public var base: any TextScreen
  /// The screen on top, which has the user's attention.
  public var modal: any TextScreen
  /// Whether the base's commands stay usable while the modal is shown.
  public var includesBaseCommands: Bool

  /// Creates a modal presentation.
  ///
  /// - Parameters:
  ///   - modal: The screen on top.
  ///   - base: The screen underneath.
  ///   - includesBaseCommands: Whether the base's commands stay usable (after the modal's).
  public init(
    _ modal: any TextScreen, over base: any TextScreen, includesBaseCommands: Bool = false
  ) {
    self.modal = modal
    self.base = base
    self.includesBaseCommands = includesBaseCommands
  }

  /// The modal's title.
  public var title: String { modal.title }

  /// The base's notices, then the modal's.
  public var notices: [Notice] { base.notices + modal.notices }

  /// The base's prompt path: a modal does not move the user elsewhere.
  public var promptPath: [String] { base.promptPath }

  /// The modal's question: the base's waits while the modal is shown.
  public var question: Question? { modal.question }

  /// The modal's commands, then (if ``includesBaseCommands``) the base's that the modal does not
  /// shadow.
  public var commands: [Command] {
    let own = modal.commands
    guard includesBaseCommands else { return own }
    let taken = Set(own.map(\.name))
    return own + base.commands.filter { !taken.contains($0.name) }
  }

  /// The base summary line, then the modal and its answers in a box.
  public func render(width: Int) -> [String] {
    let width = max(1, width)
    let summary = TextLayout.truncate("(over: \(base.title))", width: width)
    guard width >= 5 else { return [summary] + modal.render(width: width) }
    let inner = width - 4
    var content = modal.render(width: inner)
    let answers = modal.commands.map(\.name)
    if !answers.isEmpty {
      let label = answers.count == 1 ? "Answer: " : "Answers: "
      content += [""] + TextLayout.wrap(label + answers.joined(separator: " / "), width: inner)
    }
    let boxWidth = min(inner, content.map(TextLayout.displayWidth).max() ?? 0)
    let horizontal = String(repeating: "─", count: boxWidth + 2)
    var lines = [summary, "┌" + horizontal + "┐"]
    for line in content {
      lines.append("│ " + TextLayout.pad(line, width: boxWidth) + " │")
    }
    lines.append("└" + horizontal + "┘")
    return lines
  }
}
