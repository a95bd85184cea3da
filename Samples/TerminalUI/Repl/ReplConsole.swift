// SPDX-License-Identifier: Apache-2.0

/// What a ``ReplSession`` sees of the outside world: where its frames go, where its prompt and
/// history go, how wide the screen is, and how the app ends.
///
/// A terminal app runs on a `TerminalConsole` (the standard streams, through one ``Terminal``);
/// a script run in process and the tests run on a ``ScriptConsole``.
@MainActor
package protocol ReplConsole: AnyObject {
  /// Whether a person types the lines: a secret left out of a line is then asked for, and
  /// `:await`, which only a script needs, is not offered.
  var isInteractive: Bool { get }
  /// Whether a screen that changes between commands (a timer's tick) is shown at once; when
  /// false, it waits for the next command or `:await`.
  var showsScreensBetweenCommands: Bool { get }
  /// Whether `:await` waits for the next screen; when false it ends at once.
  var waitsForScreens: Bool { get }
  /// The width screens are laid out at.
  var width: Int { get }

  /// Shows `frame`.
  func show(_ frame: ReplFrame)
  /// A new screen was shown: its prompt, and what tab completion offers on it (made when first
  /// asked for: a script completes nothing).
  func screenDidChange(_ screen: PublishedScreen)
  /// Keeps `entry` in the history of lines typed.
  func remember(_ entry: String)
  /// Tells whoever drives the app that something happened (see ``ReplEvent``).
  func note(_ event: ReplEvent)
  /// Ends the app; a terminal's console ends the process and does not return.
  func end(_ reason: ExitReason)
}

/// A moment of a session that a program driving the app may wait for.
package enum ReplEvent: Hashable, Sendable, CustomStringConvertible {
  /// The app is about to wait for input, having read `linesRead` lines and saved what they
  /// changed.
  case waiting(linesRead: Int)
  /// The state file was written, after `linesRead` lines.
  case saved(linesRead: Int)
  /// The `linesRead`th line was read and handled: its command ran (or it waits for its
  /// secret, or for the next screen).
  case handled(linesRead: Int)

  /// The event as one line of text: `waiting 3`, `saved 3`, `handled 3`.
  package var description: String {
    switch self {
    case .waiting(let lines): "waiting \(lines)"
    case .saved(let lines): "saved \(lines)"
    case .handled(let lines): "handled \(lines)"
    }
  }
}

/// The console of a script run in process (``TerminalApp/run(arguments:lines:output:)``) and of
/// the tests: frames are written as a transcript to a function; a test's console also keeps
/// the rest for reading.
@MainActor
package final class ScriptConsole: ReplConsole {
  package let isInteractive: Bool
  package let showsScreensBetweenCommands: Bool
  package let waitsForScreens: Bool
  package let width: Int
  private let format: TranscriptFormat
  private let write: (String) -> Void
  /// Whether history entries, prompts and events are kept (a script's run keeps none).
  private let keepsRecords: Bool
  /// The history entries kept, oldest first.
  package private(set) var remembered: [String] = []
  /// The prompts of the screens shown, oldest first.
  package private(set) var prompts: [String] = []
  /// What tab completion offered on the last screen shown.
  package var completions: CompletionModel? { lastScreen?.completionModel }
  private var lastScreen: PublishedScreen?
  /// The events noted, oldest first.
  package private(set) var events: [ReplEvent] = []
  /// How the app ended, once it did.
  package private(set) var endReason: ExitReason?

  /// Creates a console.
  ///
  /// - Parameters:
  ///   - style: Colours or plain text.
  ///   - echoesInput: Whether each line is written after its prompt, as when it is piped.
  ///   - width: The width screens are laid out at.
  ///   - isInteractive: Whether to behave as if a person typed.
  ///   - showsScreensBetweenCommands: Whether screens that change between commands are shown
  ///     at once, as on a live terminal.
  ///   - waitsForScreens: Whether `:await` waits (for a test that moves the time by hand).
  ///   - keepsRecords: Whether the history entries, prompts and events are kept for reading.
  ///   - write: Receives the text of each frame.
  package init(
    style: ReplStyle = ReplStyle(isColored: false), echoesInput: Bool, width: Int = 80,
    isInteractive: Bool = false, showsScreensBetweenCommands: Bool = false,
    waitsForScreens: Bool = false, keepsRecords: Bool = false,
    write: @escaping (String) -> Void
  ) {
    self.keepsRecords = keepsRecords
    self.format = TranscriptFormat(style: style, echoesInput: echoesInput)
    self.width = width
    self.isInteractive = isInteractive
    self.showsScreensBetweenCommands = showsScreensBetweenCommands
    self.waitsForScreens = waitsForScreens
    self.write = write
  }

  package func show(_ frame: ReplFrame) {
    let text = format.text(of: frame)
    if !text.isEmpty { write(text) }
  }

  package func screenDidChange(_ screen: PublishedScreen) {
    guard keepsRecords else { return }
    prompts.append(screen.prompt)
    lastScreen = screen
  }

  package func remember(_ entry: String) {
    if keepsRecords { remembered.append(entry) }
  }

  package func note(_ event: ReplEvent) {
    if keepsRecords { events.append(event) }
  }

  package func end(_ reason: ExitReason) {
    endReason = reason
  }
}
