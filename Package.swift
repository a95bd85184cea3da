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
      dependencies: ["WorkflowTesting", "Workflow", "WorkflowReactive"]
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
