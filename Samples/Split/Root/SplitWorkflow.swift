// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Workflow

/// The split app: a planet list and the selected planet's details, side by side.
///
/// Teaches sibling communication through the parent: each pane's output is mapped into an
/// action on this workflow's state, and both panes are rendered from that state. The selection
/// and the stars are saved in snapshots; the panes hold no state.
public struct SplitWorkflow: SnapshottableWorkflow {
  /// The planets browsed.
  public var planets: [Planet]

  /// Creates the app over `planets` (at least one).
  public init(planets: [Planet] = Planet.all) {
    precondition(!planets.isEmpty, "SplitWorkflow: no planets; pass at least one.")
    self.planets = planets
  }

  // MARK: State

  /// The selection and the starred planets.
  public struct State: Codable, Equatable, CustomStringConvertible {
    /// The index of the selected planet.
    public var selection = 0
    /// The names of the starred planets.
    public var favourites: Set<String> = []

    /// A summary for the `:tree` inspector.
    public var description: String { "selection \(selection), \(favourites.count) starred" }
  }

  /// Starts on the first planet, nothing starred.
  public func makeInitialState() -> State {
    State()
  }

  // MARK: Actions

  enum Action: WorkflowAction {
    typealias WorkflowType = SplitWorkflow

    case list(PlanetListWorkflow.Output)
    case detail(PlanetDetailWorkflow.Output)

    func apply(toState state: inout State, context: ApplyContext<SplitWorkflow>) -> Never? {
      let count = context.workflow.planets.count
      let current = context.workflow.shownSelection(in: state)
      switch self {
      case .list(.select(let index)):
        state.selection = index
      case .detail(.toggleFavourite(let name)):
        if state.favourites.remove(name) == nil { state.favourites.insert(name) }
      case .detail(.next):
        state.selection = (current + 1) % count
      case .detail(.previous):
        state.selection = (current + count - 1) % count
      }
      return nil
    }
  }

  // MARK: Rendering

  /// The index of the planet shown: the selection, or the first planet when a restored
  /// selection points past a shorter list.
  func shownSelection(in state: State) -> Int {
    planets.indices.contains(state.selection) ? state.selection : 0
  }

  /// Renders both panes side by side.
  public func render(state: State, context: RenderContext<SplitWorkflow>) -> SplitScreen {
    let selection = shownSelection(in: state)
    let list = PlanetListWorkflow(
      planets: planets, selection: selection, favourites: state.favourites
    )
    .rendered(in: context, key: "list") { Action.list($0) }
    let planet = planets[selection]
    let detail = PlanetDetailWorkflow(
      planet: planet, isFavourite: state.favourites.contains(planet.name)
    )
    .rendered(in: context, key: "detail") { Action.detail($0) }
    return SplitScreen(left: list, right: detail, leftFraction: 0.4)
  }
}

extension SplitWorkflow.State {
  private enum CodingKeys: String, CodingKey {
    case selection
    case favourites
  }

  /// Saves the state with the starred names sorted, so equal states save the same JSON (a
  /// set's order changes from run to run).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(selection, forKey: .selection)
    try container.encode(favourites.sorted(), forKey: .favourites)
  }
}
