// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Workflow

/// The right pane: the facts about one planet, with star, next and previous commands.
///
/// Moving to the next planet is a request to the parent, which changes the selection that both
/// panes are rendered from.
public struct PlanetDetailWorkflow: Workflow, Equatable {
  /// The planet shown.
  public var planet: Planet
  /// Whether it is starred.
  public var isFavourite: Bool

  /// Creates the detail pane.
  public init(planet: Planet, isFavourite: Bool) {
    self.planet = planet
    self.isFavourite = isFavourite
  }

  /// What the detail pane asks its parent.
  public enum Output: Equatable {
    /// Star or unstar the planet with this name.
    case toggleFavourite(String)
    /// Show the next planet.
    case next
    /// Show the previous planet.
    case previous
  }

  /// The pane has no state of its own.
  public typealias State = Void

  // MARK: Rendering

  /// Renders the planet's facts and the commands.
  public func render(state: Void, context: RenderContext<PlanetDetailWorkflow>) -> Screen {
    let sink = context.makeOutputSink()
    return Screen(
      title: planet.name + (isFavourite ? " *" : ""),
      body: [
        "Distance: \(planet.distance) million km",
        "Moons: \(planet.moons)",
        planet.note,
      ],
      commands: [
        Command(
          "star", help: "Star or unstar this planet.",
          sending: Output.toggleFavourite(planet.name), to: sink),
        Command("next", help: "Show the next planet.", sending: Output.next, to: sink),
        Command("prev", help: "Show the previous planet.", sending: Output.previous, to: sink),
      ])
  }
}
