// SPDX-License-Identifier: Apache-2.0

import SampleSupport
import TerminalUI

/// The launcher's menu: the apps, what each teaches, and `open`.
public struct MenuScreen: ComposedScreen {
  /// Why the last choice was refused, if it was.
  public var message: String?
  /// Called with the name of the app to open.
  public var onOpen: (String) -> Void

  /// The menu's look and commands.
  public var screen: Screen {
    let width = SampleApp.allCases.map(\.rawValue.count).max() ?? 0
    var body = SampleApp.allCases.map { app in
      let name = app.rawValue
      return "  " + name + String(repeating: " ", count: width - name.count) + "  " + app.summary
    }
    body.insert("Open a sample with 'open <app>'; in an app, 'menu' comes back here.", at: 0)
    if let message { body += ["", message] }
    return Screen(
      title: "Workflow samples",
      body: body,
      commands: [
        Command(
          "open", arguments: [Argument("app", completions: SampleApp.allCases.map(\.rawValue))],
          help: "Run a sample app."
        ) { values in
          onOpen(values[0])
          return .done
        }
      ])
  }
}

/// A running app's screen with the launcher's `menu` command added after the app's own.
public struct AppScreen: TextScreen {
  /// The app's screen.
  public var app: any TextScreen
  /// Called to go back to the menu.
  public var onMenu: () -> Void

  /// The app's title.
  public var title: String { app.title }

  /// The app's commands, then `menu` (unless the app has its own).
  public var commands: [Command] {
    let own = app.commands
    if own.contains(where: { $0.name == "menu" }) { return own }
    return own + [
      .simple("menu", help: "Leave this app (its state is dropped) for the menu.", onMenu)
    ]
  }

  /// The app's lines.
  public func render(width: Int) -> [String] {
    app.render(width: width)
  }
}
