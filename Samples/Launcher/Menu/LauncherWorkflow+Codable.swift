// SPDX-License-Identifier: Apache-2.0

/// The launcher's saved state: `{"front": "todo", "opened": ["timers", "todo"]}`.
///
/// A state saved before the launcher kept its apps (`"menu"` or `{"running": {"_0": "todo"}}`)
/// reads as the menu or that app in front, so an older state file keeps its app's state.
extension LauncherWorkflow.State: Codable {
  private enum CodingKeys: String, CodingKey {
    case front, opened
  }

  /// The form states were saved in before the launcher kept every app opened.
  private enum Earlier: Decodable {
    case menu
    case running(SampleApp)
  }

  /// Reads a saved state, in this form or the earlier one.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard container.contains(.opened) else {
      switch try Earlier(from: decoder) {
      case .menu: self = .menu
      case .running(let app): self = .running(app)
      }
      return
    }
    self.init(
      front: try container.decodeIfPresent(SampleApp.self, forKey: .front),
      opened: try container.decode([SampleApp].self, forKey: .opened))
    // Each app once, as the launcher keeps them.
    var seen = Set<SampleApp>()
    opened = opened.filter { seen.insert($0).inserted }
  }

  /// Writes the state.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(front, forKey: .front)
    try container.encode(opened, forKey: .opened)
  }
}
