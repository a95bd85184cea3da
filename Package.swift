// swift-tools-version: 6.0
// SPDX-License-Identifier: Apache-2.0

import PackageDescription

let package = Package(
  name: "Workflow",
  products: [
    .library(name: "WorkflowReactive", targets: ["WorkflowReactive"]),
    .library(name: "Workflow", targets: ["Workflow"]),
    .library(name: "WorkflowTesting", targets: ["WorkflowTesting"]),
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    .executable(name: "workflow-bench", targets: ["WorkflowBench"]),
  ],
  targets: [
    .target(name: "WorkflowReactive", path: "WorkflowReactive"),
    .target(name: "Workflow", dependencies: ["WorkflowReactive"], path: "Workflow"),
    .target(
      name: "WorkflowTesting", dependencies: ["Workflow", "WorkflowReactive"],
      path: "WorkflowTesting"
    ),
    .systemLibrary(
      name: "CLibEdit",
      path: "Samples/CLibEdit",
      pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"])]
    ),
    .target(
      name: "TerminalUI",
      dependencies: ["CLibEdit", "Workflow", "WorkflowReactive"],
      path: "Samples/TerminalUI"
    ),
    .systemLibrary(name: "CMallocInfo", path: "Benchmarks/CMallocInfo"),
    .executableTarget(
      name: "WorkflowBench",
      dependencies: ["WorkflowReactive", "Workflow", "CMallocInfo"],
      path: "Benchmarks/workflow-bench"
    ),
    .target(name: "TestSupport", dependencies: ["WorkflowReactive"], path: "Tests/TestSupport"),
    .testTarget(
      name: "WorkflowReactiveTests",
      dependencies: ["WorkflowReactive", "TestSupport"]
    ),
    .testTarget(
      name: "WorkflowTests",
      dependencies: ["Workflow", "WorkflowReactive", "TestSupport"]
    ),
    .testTarget(
      name: "WorkflowTestingTests",
      dependencies: ["WorkflowTesting", "Workflow", "WorkflowReactive", "TestSupport"]
    ),
    .testTarget(
      name: "TerminalUITests",
      dependencies: ["TerminalUI", "Workflow", "WorkflowReactive", "TestSupport"]
    ),
    // The code the DocC articles quote, compiled and run so the articles cannot drift.
    .testTarget(
      name: "DocumentationSnippetsTests",
      dependencies: ["Workflow", "WorkflowReactive", "WorkflowTesting"]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// MARK: Sample apps

// Each sample is a library (its workflows, unit tested) and a thin executable; the launcher
// composes them all. Kept in one block so the module list above stays easy to read.
let sampleApps: [(library: String, folder: String, product: String)] = [
  ("TicTacToe", "TicTacToe", "tictactoe"),
  ("Todo", "Todo", "todo"),
  ("Timers", "Timers", "timers"),
  ("Split", "Split", "split"),
  ("Search", "Search", "search"),
  ("Launcher", "Launcher", "samples"),
]
let sampleDependencies: [Target.Dependency] = [
  "SampleSupport", "TerminalUI", "Workflow", "WorkflowReactive",
]

package.targets += [
  .target(
    name: "SampleSupport",
    dependencies: ["TerminalUI", "Workflow", "WorkflowReactive"],
    path: "Samples/SampleSupport"
  ),
  .target(
    name: "SampleTestSupport",
    dependencies: ["TerminalUI", "Workflow"],
    path: "Tests/SampleTestSupport"
  ),
]
for app in sampleApps {
  let isLauncher = app.library == "Launcher"
  let libraryDependencies: [Target.Dependency] =
    isLauncher
    ? sampleDependencies
      + sampleApps.filter { $0.library != "Launcher" }.map { .target(name: $0.library) }
    : sampleDependencies
  package.targets += [
    .target(
      name: app.library,
      dependencies: libraryDependencies,
      path: "Samples/\(app.folder)",
      resources: app.library == "Search" ? [.copy("Resources/words.txt")] : nil
    ),
    .executableTarget(
      name: "\(app.library)App",
      dependencies: [.target(name: app.library), "SampleSupport", "TerminalUI"],
      path: "Samples/Apps/\(app.product)"
    ),
    .testTarget(
      name: "\(app.library)Tests",
      dependencies: [
        .target(name: app.library), "SampleSupport", "SampleTestSupport", "TerminalUI", "Workflow",
        "WorkflowReactive", "WorkflowTesting",
      ]
    ),
  ]
  package.products += [.executable(name: app.product, targets: ["\(app.library)App"])]
}
package.targets += [
  // Runs the built executables on Tests/Transcripts/<app>.input and compares with <app>.expected.
  .testTarget(name: "TranscriptTests", dependencies: ["TestSupport"])
]
