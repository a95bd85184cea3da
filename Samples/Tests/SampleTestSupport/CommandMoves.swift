// SPDX-License-Identifier: Apache-2.0

import Foundation
import SampleSupport
import TerminalUI
import WorkflowReactive
import WorkflowTesting

/// The moves a `WorkflowExplorer` makes on a sample: every command the screen offers, typed as
/// a user would (`$0.run("play 5")`), with a few values for each argument.
///
/// An argument's values are its completions when it has some (the open squares, the names of
/// the timers), else those `values` gives for its name, else the ends of its integer range,
/// else `x`. An optional argument is also left out once.
public struct CommandMoves {
  /// Candidate values by argument name, for arguments without completions.
  public var values: [String: [String]]

  /// How many lines one command may offer at most, so that a command with many arguments does
  /// not crowd out the others.
  public var linesPerCommand = 12

  /// Creates the moves with candidate values by argument name.
  public init(_ values: [String: [String]] = [:]) {
    self.values = values
  }

  /// The moves `rendering` offers, when it is a `TextScreen`; none otherwise.
  public func moves<Rendering>(for rendering: Rendering) -> [ExplorationMove<Rendering>] {
    guard let screen = rendering as? any TextScreen else { return [] }
    return screen.commands.flatMap { command in
      lines(for: command).map { line in
        ExplorationMove.send("$0.run(\(String(reflecting: line)))") { rendering in
          (rendering as? any TextScreen)?.run(line)
        }
      }
    }
  }

  /// The command lines that type `command`: its name and each combination of its arguments'
  /// values, up to ``linesPerCommand``.
  func lines(for command: Command) -> [String] {
    var lines = [[command.name]]
    for argument in command.arguments {
      let candidates = self.candidates(for: argument)
      lines = lines.flatMap { line in
        candidates.map { line + [$0] } + (argument.isOptional ? [line] : [])
      }
    }
    return lines.prefix(linesPerCommand).map { $0.joined(separator: " ") }
  }

  private func candidates(for argument: Argument) -> [String] {
    if !argument.completions.isEmpty { return argument.completions }
    if let given = values[argument.name] { return given }
    if let range = argument.integerRange {
      return Array(Set([range.lowerBound, range.upperBound])).sorted().map(String.init)
    }
    return ["x"]
  }
}

extension SampleEnvironment {
  /// An environment for an explorer's run: its clock is the run's scheduler and no app may
  /// write a file (the state folder does not exist).
  public static func exploring(on scheduler: TestScheduler) -> SampleEnvironment {
    SampleEnvironment(
      scheduler: scheduler, stateDirectory: URL(fileURLWithPath: "/nonexistent/explorer"))
  }
}
