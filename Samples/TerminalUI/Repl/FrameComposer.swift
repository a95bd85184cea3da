// SPDX-License-Identifier: Apache-2.0

/// Makes the frames a session shows from the ``FramePlan``s its state machine returns: the
/// plan's lines, the screen's notices not told yet, the warnings, and the screen when the plan
/// asks for it and (unless it always does) its lines changed.
///
/// It remembers what it showed: the screen's last lines, to tell a changed screen, and the
/// notices told, so that each is told once.
@MainActor
struct FrameComposer {
  /// The lines of the screen shown last; nil before the first.
  private var lastShown: [String]?
  /// The notices of the screen shown last, told already.
  private var toldNotices: Set<Notice> = []

  /// Counts `notices` as told: those of a restored state were told in the session that made
  /// them.
  mutating func noteTold(_ notices: [Notice]) {
    toldNotices = Set(notices)
  }

  /// Whether `screen`, laid out `width` columns wide, differs from the one shown last.
  func hasUnseenScreen(_ screen: PublishedScreen, width: Int) -> Bool {
    lastShown != screen.lines(width: width)
  }

  /// The frame `plan` asks for on `screen`; `takeWarnings` gives the warnings queued, which it
  /// calls only when the plan includes them.
  mutating func frame(
    for plan: FramePlan, screen: PublishedScreen, width: Int, takeWarnings: () -> [String]
  ) -> ReplFrame {
    func warningLines() -> [TerminalText] {
      takeWarnings().map { TerminalText("warning: " + $0, style: .warning) }
    }
    var transcript = plan.transcript
    if let end = plan.endsScreenWait {
      // The warnings held back while waiting come first.
      transcript += warningLines()
      if end == .timedOut, !hasUnseenScreen(screen, width: width) {
        transcript.append(TerminalText("(no new screen)", style: .hint))
      }
    }
    let notices = screen.notices
    if Set(notices) != toldNotices {
      transcript += notices.filter { !toldNotices.contains($0) }.map { TerminalText($0.text) }
      toldNotices = Set(notices)
    }
    if plan.includesWarnings { transcript += warningLines() }
    var frame = ReplFrame(echo: plan.echo, transcript: transcript)
    guard plan.screen != .never else { return frame }
    let lines = screen.lines(width: width)
    if plan.screen == .always || lines != lastShown {
      frame.isFirstScreen = lastShown == nil
      lastShown = lines
      frame.screen = lines.enumerated().map { index, line in
        TerminalText(line, style: index == 0 ? .title : nil)
      }
    }
    return frame
  }
}
