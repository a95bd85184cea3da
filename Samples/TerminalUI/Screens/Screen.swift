// SPDX-License-Identifier: Apache-2.0

/// A leaf screen: a title, lines of body text, and the commands it accepts.
///
/// ```swift
/// Screen(
///   title: "Counter",
///   body: ["Count: \(state)"],
///   commands: [
///     Command("up", help: "Add one.", sending: .increment, to: sink)
///   ])
/// ```
///
/// It renders as the title, a rule under it, then the body. Body lines longer than the width are
/// wrapped at spaces (or cut where a word is longer than the width).
public struct Screen: TextScreen {
  /// The title, shown on the first line.
  public var title: String
  /// The body text, one element per line; a line may be empty.
  public var body: [String]
  /// The commands the screen accepts.
  public var commands: [Command]
  /// What to tell the user once (see ``Notice``).
  public var notices: [Notice]
  /// The one question the screen asks, which a bare line answers (see ``Question``).
  public var question: Question?

  /// Creates a screen.
  public init(
    title: String, body: [String] = [], commands: [Command] = [], notices: [Notice] = [],
    question: Question? = nil
  ) {
    self.title = title
    self.body = body
    self.commands = commands
    self.notices = notices
    self.question = question
  }

  /// The title, a rule as wide as the title, then the wrapped body.
  public func render(width: Int) -> [String] {
    let width = max(1, width)
    var lines = TextLayout.wrap(title, width: width)
    let ruleWidth = min(width, lines.map(TextLayout.displayWidth).max() ?? 0)
    lines.append(String(repeating: "-", count: max(1, ruleWidth)))
    for line in body {
      lines.append(contentsOf: TextLayout.wrap(line, width: width))
    }
    return lines
  }
}
