// SPDX-License-Identifier: Apache-2.0

import SampleSupport
import TerminalUI
import Workflow

/// The left pane: the planets, the selected one marked, favourites starred.
///
/// It holds no state: what is selected and starred comes from the parent, and a choice goes
/// back up as output. It never talks to the detail pane.
public struct PlanetListWorkflow: Workflow, Equatable {
  /// The planets listed.
  public var planets: [Planet]
  /// The index of the selected planet.
  public var selection: Int
  /// The names of the starred planets.
  public var favourites: Set<String>

  /// Creates the list pane.
  public init(planets: [Planet], selection: Int, favourites: Set<String>) {
    self.planets = planets
    self.selection = selection
    self.favourites = favourites
  }

  /// What the list tells its parent.
  public enum Output: Equatable {
    /// The user chose the planet at this index.
    case select(Int)
  }

  /// The list has no state of its own.
  public typealias State = Void

  // MARK: Rendering

  /// Renders the list with a `select` command.
  public func render(state: Void, context: RenderContext<PlanetListWorkflow>) -> Screen {
    let sink = context.makeOutputSink()
    let lines = planets.enumerated().map { index, planet in
      let marker = index == selection ? ">" : " "
      let star = favourites.contains(planet.name) ? " *" : ""
      return "\(marker) \(index + 1). \(planet.name)\(star)"
    }
    let planets = planets
    let select = Command(
      "select",
      arguments: [Argument("planet", completions: planets.map { $0.name.lowercased() })],
      help: "Show a planet, by number or name."
    ) { values in
      let typed = values[0]
      // Checked before subtracting: Int.min - 1 would trap.
      if let number = Int(typed), (1...planets.count).contains(number) {
        sink.send(.select(number - 1))
      } else if let index = planets.firstIndex(where: { $0.name.lowercased() == typed.lowercased() }
      ) {
        sink.send(.select(index))
      } else {
        // This command's reply: nothing is selected, and the screen keeps no message.
        let shown = TextLayout.truncate(typed, width: 40)
        return .refused("No planet '\(shown)'; pick 1 to \(planets.count) or a name.")
      }
      return .done
    }
    return Screen(title: "Planets", body: lines, commands: [select])
  }
}
