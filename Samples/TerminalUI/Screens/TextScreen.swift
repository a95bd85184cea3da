// SPDX-License-Identifier: Apache-2.0

/// A rendering the terminal can show: lines of plain text and the commands the user may type.
///
/// ``Screen`` is the leaf; ``BackStackScreen``, ``ModalScreen`` and ``SplitScreen`` compose other
/// screens. A workflow whose `Rendering` conforms can be run by ``TerminalApp``.
///
/// Screens are plain text: `render(width:)` returns lines without escape codes, each at most
/// `width` columns wide (wide characters count two). The REPL adds colour on a terminal.
public protocol TextScreen {
  /// The screen's title, used by containers for breadcrumbs and summaries.
  var title: String { get }

  /// The commands the screen accepts, in the order `help` lists them.
  ///
  /// Names should be unique; when two share a name, the first wins.
  var commands: [Command] { get }

  /// Lays the screen out in lines of at most `width` columns.
  ///
  /// - Parameter width: The number of terminal columns available, at least 1.
  /// - Returns: Plain text lines, with no trailing newline characters.
  func render(width: Int) -> [String]

  /// Where the screen is, as names the prompt shows after the app's name: the launcher running
  /// the todo app says `["todo"]`, and its prompt reads `samples/todo> `.
  ///
  /// Empty by default; container screens pass on the one of the screen in front.
  var promptPath: [String] { get }

  /// What to tell the user once, printed in the transcript when the screen first carries it
  /// (see ``Notice``). Empty by default; container screens pass on their children's.
  var notices: [Notice] { get }

  /// The one question the screen asks, which a bare line answers (see ``Question``); nil
  /// when it asks none, the default. Container screens pass on the one of the screen in front.
  var question: Question? { get }
}

extension TextScreen {
  /// No names: the prompt is the app's name alone.
  public var promptPath: [String] { [] }

  /// No notices.
  public var notices: [Notice] { [] }

  /// No question: every line names a command.
  public var question: Question? { nil }
}
