// SPDX-License-Identifier: Apache-2.0

import SampleSupport
import TerminalUI

/// The new-game screen: the players' names, and starting a game.
public struct NewGameScreen: ComposedScreen {
  /// The signed-in user.
  public var email: String
  /// The name of the player with X.
  public var playerX: String
  /// The name of the player with O.
  public var playerO: String
  /// Called with new names for X and O.
  public var onNames: (String, String) -> Void
  /// Called to start a game.
  public var onStart: () -> Void
  /// Called to sign out.
  public var onSignOut: () -> Void

  /// The new-game screen's look and commands.
  public var screen: Screen {
    Screen(
      title: "New game",
      body: ["Signed in as \(email).", "X: \(playerX)", "O: \(playerO)"],
      commands: [
        Command(
          "names", arguments: [Argument("x"), Argument("o")],
          help: "Name the players (X moves first)."
        ) { values in
          onNames(values[0], values[1])
          return .done
        },
        .simple("start", help: "Start the game.", onStart),
        .simple("logout", help: "Sign out.", onSignOut),
      ])
  }
}
