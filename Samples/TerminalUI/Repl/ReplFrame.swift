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

/// How a frame is written where the output only grows (a pipe, a file, a script run in
/// process): each frame below the last, screens set apart by an empty line, so a scripted
/// session prints the same transcript on every run.
package struct TranscriptFormat: Sendable {
  /// Colours or plain text.
  package var style: ReplStyle
  /// Whether the line typed is written after its prompt (when the input is not a terminal,
  /// nothing else shows it).
  package var echoesInput: Bool

  package init(style: ReplStyle, echoesInput: Bool) {
    self.style = style
    self.echoesInput = echoesInput
  }

  /// The text of `frame`, each line ending in a line break; empty when it shows nothing.
  package func text(of frame: ReplFrame) -> String {
    var text = ""
    if echoesInput, let echo = frame.echo {
      text += style.render(TerminalText(echo.prompt + echo.line)) + "\n"
    }
    for line in frame.transcript { text += style.render(line) + "\n" }
    if let screen = frame.screen {
      if !frame.isFirstScreen { text += "\n" }
      for line in screen { text += style.render(line) + "\n" }
    }
    return text
  }
}
