// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing

/// Text from users and files reaches the terminal with its control characters made visible;
/// TerminalUI's own styling still works.
@Suite struct TerminalTextTests {
  private let colored = ReplStyle(isColored: true)
  private let plain = ReplStyle(isColored: false)

  @Test func controlCharactersTakeCaretNotationAndC1ControlsAnEscape() {
    #expect(TextLayout.visible("a\u{1B}b") == "a^[b")
    #expect(TextLayout.visible("\u{0}\u{7}\u{8}\u{9}\u{A}\u{D}\u{1F}") == "^@^G^H^I^J^M^_")
    #expect(TextLayout.visible("\u{7F}") == "^?")
    #expect(TextLayout.visible("\u{9B}2J \u{85}") == "\\u{9B}2J \\u{85}")
    #expect(TextLayout.visible("tea, 日本, é, 🍵") == "tea, 日本, é, 🍵")
  }

  @Test func aControlCharacterIsAsWideAsItsVisibleForm() {
    #expect(TextLayout.displayWidth("\u{1B}[2J") == 5)
    #expect(TextLayout.displayWidth("\r\n") == 4)
    #expect(TextLayout.displayWidth("\u{9B}") == 6)
    #expect(TextLayout.truncate("\u{1B}]0;pwned\u{7}", width: 6) == "\u{1B}]0;…")
  }

  @Test(arguments: [
    ("OSC 0 (window title)", "\u{1B}]0;pwned\u{7}", "^[]0;pwned^G"),
    ("OSC 52 (clipboard)", "\u{1B}]52;c;cm0gLXJmIH4=\u{1B}\\", "^[]52;c;cm0gLXJmIH4=^[\\"),
    ("CSI 2J (clear screen)", "\u{1B}[2J\u{1B}[H", "^[[2J^[[H"),
    ("C1 CSI", "\u{9B}31m", "\\u{9B}31m"),
  ])
  func escapeSequencesInUserTextAreShownNotObeyed(kind: String, text: String, shown: String) {
    let line = TerminalText("title: ") + TerminalText(text)
    #expect(plain.render(line) == "title: " + shown, "\(kind)")
    #expect(!colored.render(line).contains("\u{1B}]"), "\(kind)")
    // Styled by TerminalUI, the same text still shows as text inside the style's codes.
    #expect(colored.render(TerminalText(text, style: .error)) == "\u{1B}[31m\(shown)\u{1B}[0m")
  }

  @Test func stylesAreEscapeCodesOnlyOnAColourTerminal() {
    let line: TerminalText = "\(colored.error("error:")) no timer \(colored.title("tea"))"
    #expect(colored.render(line) == "\u{1B}[31merror:\u{1B}[0m no timer \u{1B}[1mtea\u{1B}[0m")
    #expect(plain.render(line) == "error: no timer tea")
  }

  @Test func lineFeedsEndLinesAndStylesDoNotSpanThem() {
    let text = TerminalText("one\ntwo", style: .hint)
    #expect(colored.render(text) == "\u{1B}[2mone\u{1B}[0m\n\u{1B}[2mtwo\u{1B}[0m")
    #expect(text.lines == [TerminalText("one", style: .hint), TerminalText("two", style: .hint)])
  }

  @Test func runsOfOneStyleMerge() {
    var text = TerminalText("a")
    text += TerminalText("b")
    text.append(TerminalText("c", style: .title))
    #expect(text.runs.count == 2)
    #expect(text.plainText == "abc")
    #expect(TerminalText("x").styled(.error) == TerminalText("x", style: .error))
  }
}
