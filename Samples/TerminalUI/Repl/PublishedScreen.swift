// SPDX-License-Identifier: Apache-2.0

/// The screen of one rendering and what the REPL derives from it, each made once: the
/// commands, the completion model, the prompt, and the lines for the last width asked.
///
/// A composed screen builds its commands and lines anew on every call, so asking the screen
/// itself for each of them several times per line would do the work several times.
@MainActor
package final class PublishedScreen {
  /// The screen.
  package let screen: any TextScreen
  private let appName: String
  /// Whether a person types (then `:await` is not offered).
  let isInteractive: Bool
  private var layout: (width: Int, lines: [String])?

  init(screen: any TextScreen, appName: String, isInteractive: Bool) {
    self.screen = screen
    self.appName = appName
    self.isInteractive = isInteractive
  }

  /// The screen's commands, without the names the built-ins take (the first of a name wins).
  private(set) lazy var commands: [Command] = {
    var seen = Set(ReplBuiltin.allCases.map(\.rawValue))
    return screen.commands.filter { seen.insert($0.name).inserted }
  }()

  /// What tab completion offers: the screen's commands, then the built-ins.
  package private(set) lazy var completionModel: CompletionModel = {
    let screenEntries = commands.map {
      CompletionModel.Entry(name: $0.name, arguments: $0.arguments)
    }
    let builtinEntries = ReplBuiltin.offered(isInteractive: isInteractive).map {
      CompletionModel.Entry(name: $0.rawValue, arguments: $0.arguments)
    }
    return CompletionModel(entries: screenEntries + builtinEntries)
  }()

  /// The prompt: the app's name and the screen's ``TextScreen/promptPath``, then `> `.
  package private(set) lazy var prompt: String = {
    TextLayout.visible(([appName] + screen.promptPath).joined(separator: "/")) + "> "
  }()

  /// The screen's question, answered by a bare line.
  private(set) lazy var question: Question? = screen.question

  /// The screen's notices, in its order.
  private(set) lazy var notices: [Notice] = screen.notices

  /// The screen laid out `width` columns wide.
  func lines(width: Int) -> [String] {
    if let layout, layout.width == width { return layout.lines }
    let lines = screen.render(width: width)
    layout = (width, lines)
    return lines
  }
}
