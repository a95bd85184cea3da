// SPDX-License-Identifier: Apache-2.0

/// A planet of the solar system, the item type the split sample browses.
public struct Planet: Equatable, Sendable {
  /// The planet's name.
  public var name: String
  /// Its mean distance from the Sun, in millions of kilometres.
  public var distance: Double
  /// Its number of known moons.
  public var moons: Int
  /// One line about it.
  public var note: String

  /// Creates a planet.
  public init(name: String, distance: Double, moons: Int, note: String) {
    self.name = name
    self.distance = distance
    self.moons = moons
    self.note = note
  }

  /// The eight planets, from the Sun outwards.
  public static let all: [Planet] = [
    Planet(name: "Mercury", distance: 57.9, moons: 0, note: "The smallest planet."),
    Planet(name: "Venus", distance: 108.2, moons: 0, note: "The hottest planet."),
    Planet(name: "Earth", distance: 149.6, moons: 1, note: "The only one known to host life."),
    Planet(name: "Mars", distance: 227.9, moons: 2, note: "Home of Olympus Mons."),
    Planet(name: "Jupiter", distance: 778.5, moons: 95, note: "The largest planet."),
    Planet(name: "Saturn", distance: 1432.0, moons: 146, note: "Famous for its rings."),
    Planet(name: "Uranus", distance: 2867.0, moons: 28, note: "Rolls on its side."),
    Planet(name: "Neptune", distance: 4515.0, moons: 16, note: "The windiest planet."),
  ]
}
