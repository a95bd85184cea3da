// SPDX-License-Identifier: Apache-2.0

import SampleSupport
import TerminalUI

/// The launcher's menu: the apps, what each teaches, and `open`.
public struct MenuScreen: ComposedScreen {
  /// The apps opened, which keep their state.
  public var opened: [SampleApp]
  /// Called with the app to open.
  public var onOpen: (SampleApp) -> Void

  /// Creates the menu.
  public init(opened: [SampleApp] = [], onOpen: @escaping (SampleApp) -> Void) {
    self.opened = opened
    self.onOpen = onOpen
  }

  /// The menu's look and commands.
  public var screen: Screen {
    let width = SampleApp.allCases.map(\.rawValue.count).max() ?? 0
    var body = SampleApp.allCases.map { app in
      let name = app.rawValue
      let mark = opened.contains(app) ? "* " : "  "
      return mark + name + String(repeating: " ", count: width - name.count) + "  " + app.summary
    }
    body.insert(
      contentsOf: [
        "Open a sample with 'open <app>'; in an app, 'menu' comes back here.",
        "Apps opened keep their state (marked *), saved with the launcher's.",
      ], at: 0)
    return Screen(
      title: "Workflow samples",
      body: body,
      commands: [
        Command(
          "open", arguments: [Argument("app", completions: SampleApp.allCases.map(\.rawValue))],
          help: "Run a sample app."
        ) { values in
          // An app that does not exist is this command's reply; the menu keeps no message.
          guard let app = SampleApp(rawValue: values[0].lowercased()) else {
            let names = SampleApp.allCases.map(\.rawValue).joined(separator: ", ")
            let shown = TextLayout.truncate(values[0], width: 40)
            return .refused("There is no app '\(shown)'; choose one of \(names).")
          }
          onOpen(app)
          return .done
        }
      ])
  }
}

/// A running app's screen with the launcher's `menu` command added after the app's own.
public struct AppScreen: TextScreen {
  /// The app's screen.
  public var app: any TextScreen
  /// The app's name, which the prompt shows (`samples/todo> `).
  public var name: String
  /// Called to go back to the menu.
  public var onMenu: () -> Void

  /// Creates the screen of the app called `name`.
  public init(app: any TextScreen, name: String, onMenu: @escaping () -> Void) {
    self.app = app
    self.name = name
    self.onMenu = onMenu
  }

  /// The app's notices.
  public var notices: [Notice] { app.notices }

  /// The app's name, then the app screen's own prompt path.
  public var promptPath: [String] { [name] + app.promptPath }

  /// The app's title.
  public var title: String { app.title }

  /// The app's question.
  public var question: Question? { app.question }

  /// The app's commands, then `menu` (unless the app has its own).
  public var commands: [Command] {
    let own = app.commands
    if own.contains(where: { $0.name == "menu" }) { return own }
    return own + [
      .simple("menu", help: "Show the menu; this app keeps its state for 'open'.", onMenu)
    ]
  }

  /// The app's lines.
  public func render(width: Int) -> [String] {
    app.render(width: width)
  }
}
