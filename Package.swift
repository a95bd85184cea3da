// swift-tools-version: 6.0
// SPDX-License-Identifier: Apache-2.0

import PackageDescription

// The libraries. The sample apps and their terminal layer (which needs libedit) are the nested
// package in Samples/, the benchmark is the one in Benchmarks/: a package that depends on this
// one builds and resolves nothing of theirs.
let package = Package(
  name: "Workflow",
  products: [
    .library(name: "WorkflowReactive", targets: ["WorkflowReactive"]),
    .library(name: "Workflow", targets: ["Workflow"]),
    .library(name: "WorkflowTesting", targets: ["WorkflowTesting"]),
  ],
  targets: [
    .target(name: "WorkflowReactive", path: "WorkflowReactive"),
    .target(name: "Workflow", dependencies: ["WorkflowReactive"], path: "Workflow"),
    .target(
      name: "WorkflowTesting", dependencies: ["Workflow", "WorkflowReactive"],
      path: "WorkflowTesting"
    ),
    // Shared by the test targets here and, through a symbolic link, by those in Samples/.
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
    // The code the DocC articles quote, compiled and run so the articles cannot drift.
    .testTarget(
      name: "DocumentationSnippetsTests",
      dependencies: ["Workflow", "WorkflowReactive", "WorkflowTesting"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
