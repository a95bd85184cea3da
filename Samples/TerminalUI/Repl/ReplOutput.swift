// SPDX-License-Identifier: Apache-2.0

/// What one step of the REPL shows: the line typed, what it answered, and the new screen.
package struct ReplFrame: Hashable, Sendable {
  /// A line as it was typed after its prompt.
  package struct Echo: Hashable, Sendable {
    /// The prompt the line was typed after.
    package var prompt: String
    /// The line, with its secrets masked (``SecretText/mask``).
    package var line: String

    package init(prompt: String, line: String) {
      self.prompt = prompt
      self.line = line
    }
  }

  /// The line typed, or nil when no line was read.
  package var echo: Echo?
  /// Lines for the transcript: a command's reply, `help`, warnings.
  package var transcript: [TerminalText]
  /// The screen's lines when the screen is to be shown (it changed, or was asked for); nil
  /// keeps the one shown.
  package var screen: [TerminalText]?
  /// Whether `screen` is the session's first.
  package var isFirstScreen: Bool

  package init(
    echo: Echo? = nil, transcript: [TerminalText] = [], screen: [TerminalText]? = nil,
    isFirstScreen: Bool = false
  ) {
    self.echo = echo
    self.transcript = transcript
    self.screen = screen
    self.isFirstScreen = isFirstScreen
  }

  /// Whether the frame shows nothing.
  package var isEmpty: Bool { echo == nil && transcript.isEmpty && screen == nil }
}

/// Where a ``ReplSession`` shows its frames: a transcript that only grows (a pipe, a test), or
/// an interactive terminal whose current screen is redrawn in place (``LiveDisplay``).
@MainActor
package protocol ReplOutput: AnyObject {
  /// Whether a screen that changes between commands (a timer's tick) is shown at once; when
  /// false, the session holds it back until the next command or `:await`.
  var showsScreensBetweenCommands: Bool { get }

  /// Shows `frame`.
  func show(_ frame: ReplFrame)
}

/// The append-only output of a session that is not on an interactive terminal: each frame is
/// written below the last, screens separated by an empty line, so a scripted session prints
/// the same transcript on every run.
@MainActor
package final class TranscriptOutput: ReplOutput {
  private let style: ReplStyle
  private let echoesInput: Bool
  private let write: (String) -> Void

  /// Creates the output.
  ///
  /// - Parameters:
  ///   - style: Colours or plain text.
  ///   - echoesInput: Whether the line typed is written after the prompt (when the input is
  ///     not a terminal, nothing else shows it).
  ///   - showsScreensBetweenCommands: Whether screens that change between commands are shown
  ///     at once.
  ///   - write: Writes the text, which carries its own line breaks.
  package init(
    style: ReplStyle, echoesInput: Bool, showsScreensBetweenCommands: Bool = false,
    write: @escaping (String) -> Void
  ) {
    self.style = style
    self.echoesInput = echoesInput
    self.showsScreensBetweenCommands = showsScreensBetweenCommands
    self.write = write
  }

  package let showsScreensBetweenCommands: Bool

  package func show(_ frame: ReplFrame) {
    var text = ""
    if echoesInput, let echo = frame.echo {
      text += style.render(TerminalText(echo.prompt + echo.line)) + "\n"
    }
    for line in frame.transcript { text += style.render(line) + "\n" }
    if let screen = frame.screen {
      if !frame.isFirstScreen { text += "\n" }
      for line in screen { text += style.render(line) + "\n" }
    }
    if !text.isEmpty { write(text) }
  }
}
