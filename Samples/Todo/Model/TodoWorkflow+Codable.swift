// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The saved form of the list, checked as it is read: a file edited by hand, written by an
/// older build or by someone else must never make the app trap, on this launch or the next.
///
/// - Refused (decoding fails, so the host starts an empty list and the terminal host keeps
///   the file aside): fields of the wrong type, two todos with one id (each row is a child
///   keyed by its id), and a todo with id `Int.max` (no id would be left for the next one).
/// - Repaired: a `nextID` that is not above every id, or is `Int.max`, becomes the largest
///   id + 1 (1 for an empty list); an `editingID` of no todo closes the editor; a `page` out
///   of range shows the nearest page.
extension TodoWorkflow.State {
  private enum CodingKeys: String, CodingKey {
    case todos, nextID, editingID, page
  }

  /// Reads a saved list, refusing or repairing what could not work (see above).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    todos = try container.decode([Todo].self, forKey: .todos)
    var seen = Set<Int>()
    for todo in todos where !seen.insert(todo.id).inserted {
      throw DecodingError.dataCorruptedError(
        forKey: .todos, in: container,
        debugDescription: "todo id \(todo.id) appears twice; every todo needs an id of its own")
    }
    let largest = todos.map(\.id).max()
    if largest == Int.max {
      throw DecodingError.dataCorruptedError(
        forKey: .todos, in: container,
        debugDescription: "todo id \(Int.max) leaves no id for a new todo")
    }
    let savedNextID = try container.decode(Int.self, forKey: .nextID)
    let lowest = (largest ?? 0) + 1
    nextID = savedNextID < lowest || savedNextID == Int.max ? lowest : savedNextID
    editingID = try container.decodeIfPresent(Int.self, forKey: .editingID)
    if let editingID, !seen.contains(editingID) { self.editingID = nil }
    page = try container.decodeIfPresent(Int.self, forKey: .page) ?? 1
    page = min(max(page, 1), pageCount)
  }

  /// Saves the list.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(todos, forKey: .todos)
    try container.encode(nextID, forKey: .nextID)
    try container.encodeIfPresent(editingID, forKey: .editingID)
    // The first page is the default: lists saved before pages existed read the same.
    if page != 1 { try container.encode(page, forKey: .page) }
  }
}
