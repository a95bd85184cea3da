// swift-tools-version: 6.0
// SPDX-License-Identifier: Apache-2.0

import PackageDescription

// The sample apps, the terminal layer they run on (TerminalUI, over libedit) and their tests.
// Depends on the libraries in the repository's root package by path, so an edit there is seen
// here at the next build.
let package = Package(
  name: "WorkflowSamples",
  products: [
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    // For the benchmark's REPL session (Benchmarks/), which drives the todo app in process.
    .library(name: "Todo", targets: ["Todo"]),
  ],
  dependencies: [
    .package(name: "Workflow", path: "..")
  ],
  targets: [
    .systemLibrary(
      name: "CLibEdit",
      path: "CLibEdit",
      pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"])]
    ),
    .target(
      name: "TerminalUI",
      dependencies: ["CLibEdit", .product(name: "Workflow", package: "Workflow")],
      path: "TerminalUI"
    ),
    .target(
      name: "SampleSupport",
      dependencies: ["TerminalUI", .product(name: "Workflow", package: "Workflow")],
      path: "SampleSupport"
    ),
    // The seeded generator of the root package's TestSupport (its file is a symbolic link here).
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .target(
      name: "SampleTestSupport",
      dependencies: [
        "TerminalUI", "SampleSupport", .product(name: "Workflow", package: "Workflow"),
        .product(name: "WorkflowReactive", package: "Workflow"),
        .product(name: "WorkflowTesting", package: "Workflow"),
      ],
      path: "Tests/SampleTestSupport"
    ),
    .testTarget(
      name: "TerminalUITests",
      dependencies: [
        "TerminalUI", "TestSupport", .product(name: "Workflow", package: "Workflow"),
        .product(name: "WorkflowReactive", package: "Workflow"),
      ]
    ),
    // Runs the built executables on Tests/Transcripts/<app>.input and compares with <app>.expected.
    .testTarget(name: "TranscriptTests", dependencies: ["TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)

// MARK: Sample apps

// Each sample is a library (its workflows, unit tested) and a thin executable; the launcher
// composes them all.
let sampleApps: [(library: String, product: String)] = [
  ("TicTacToe", "tictactoe"),
  ("Todo", "todo"),
  ("Timers", "timers"),
  ("Split", "split"),
  ("Search", "search"),
  ("Launcher", "samples"),
]
let libraries: [Target.Dependency] = [
  .product(name: "Workflow", package: "Workflow"),
  .product(name: "WorkflowReactive", package: "Workflow"),
]

for app in sampleApps {
  let otherApps: [Target.Dependency] =
    app.library == "Launcher"
    ? sampleApps.filter { $0.library != "Launcher" }.map { .target(name: $0.library) } : []
  package.targets += [
    .target(
      name: app.library,
      dependencies: ["SampleSupport", "TerminalUI"] + libraries + otherApps,
      path: app.library,
      resources: app.library == "Search" ? [.copy("Resources/words.txt")] : nil
    ),
    .executableTarget(
      name: "\(app.library)App",
      dependencies: [.target(name: app.library), "SampleSupport", "TerminalUI"],
      path: "Apps/\(app.product)"
    ),
    .testTarget(
      name: "\(app.library)Tests",
      dependencies: [
        .target(name: app.library), "SampleSupport", "SampleTestSupport", "TerminalUI",
        .product(name: "WorkflowTesting", package: "Workflow"),
      ] + libraries
    ),
  ]
  package.products += [.executable(name: app.product, targets: ["\(app.library)App"])]
}
