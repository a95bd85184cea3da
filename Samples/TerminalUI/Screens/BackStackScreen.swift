// SPDX-License-Identifier: Apache-2.0

/// A stack of screens that shows only the top one, under a breadcrumb of every title.
///
/// ```text
/// Todos > Buy milk
/// Buy milk
/// --------
/// ...
/// ```
///
/// The breadcrumb lists the titles from the bottom of the stack to the top, and appears only when
/// the stack holds more than one screen; when it does not fit, the oldest titles give way to
/// `…`. Only the top screen's commands are offered.
public struct BackStackScreen: TextScreen {
  /// The screens, the bottom first and the visible one last. Never empty.
  public private(set) var screens: [any TextScreen]

  /// Creates a back stack.
  ///
  /// - Parameter screens: The screens, the bottom first. Must not be empty.
  public init(_ screens: [any TextScreen]) {
    precondition(
      !screens.isEmpty,
      "BackStackScreen: the stack is empty; pass at least one screen (the visible one last)")
    self.screens = screens
  }

  /// Creates a back stack from a base screen and the screens pushed on it.
  public init(_ base: any TextScreen, pushed: [any TextScreen] = []) {
    self.screens = [base] + pushed
  }

  /// The visible screen.
  public var top: any TextScreen { screens[screens.count - 1] }

  /// The visible screen's title.
  public var title: String { top.title }

  /// The notices of every screen in the stack, the bottom one's first.
  public var notices: [Notice] { screens.flatMap(\.notices) }

  /// The visible screen's prompt path.
  public var promptPath: [String] { top.promptPath }

  /// The visible screen's commands.
  public var commands: [Command] { top.commands }

  /// The visible screen's question.
  public var question: Question? { top.question }

  /// The breadcrumb (when the stack holds several screens), then the top screen.
  public func render(width: Int) -> [String] {
    let width = max(1, width)
    guard screens.count > 1 else { return top.render(width: width) }
    return [breadcrumb(width: width)] + top.render(width: width)
  }

  /// The titles joined by ` > `, dropping the oldest ones while the line is too wide.
  package func breadcrumb(width: Int) -> String {
    let titles = screens.map(\.title)
    for dropped in 0..<titles.count {
      let kept = titles[dropped...].joined(separator: " > ")
      let line = dropped == 0 ? kept : "… > " + kept
      if TextLayout.displayWidth(line) <= width { return line }
    }
    return TextLayout.truncate(titles[titles.count - 1], width: width)
  }
}
