// SPDX-License-Identifier: Apache-2.0

import TerminalUI

/// A sample's screen model that shows itself as a plain `Screen`.
///
/// A workflow renders a typed model (fields and callbacks that tests can read and call); the
/// model says how it looks by building a `Screen`, and gets `TextScreen` for free.
public protocol ComposedScreen: TextScreen {
  /// The leaf screen that shows this model.
  var screen: Screen { get }
}

extension ComposedScreen {
  /// The composed screen's title.
  public var title: String { screen.title }

  /// The composed screen's commands.
  public var commands: [Command] { screen.commands }

  /// The composed screen's notices.
  public var notices: [Notice] { screen.notices }

  /// The composed screen's question.
  public var question: Question? { screen.question }

  /// The composed screen's lines.
  public func render(width: Int) -> [String] {
    screen.render(width: width)
  }
}

extension Command {
  /// Creates a command without arguments that calls `action`.
  public static func simple(_ name: String, help: String, _ action: @escaping () -> Void)
    -> Command
  {
    Command(name, help: help) { _ in
      action()
      return .done
    }
  }
}
