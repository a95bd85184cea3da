// swift-tools-version: 6.0
// SPDX-License-Identifier: Apache-2.0

import PackageDescription

// The `workflow-bench` executable: `swift run -c release --package-path Benchmarks workflow-bench`
// (or `make bench` from the repository's root).
let package = Package(
  name: "WorkflowBenchmarks",
  products: [
    .executable(name: "workflow-bench", targets: ["WorkflowBench"])
  ],
  dependencies: [
    .package(name: "Workflow", path: ".."),
    // The REPL session rows drive the todo app through TerminalUI (which needs libedit).
    .package(name: "Samples", path: "../Samples"),
  ],
  targets: [
    .systemLibrary(name: "CMallocInfo", path: "CMallocInfo"),
    .executableTarget(
      name: "WorkflowBench",
      dependencies: [
        "CMallocInfo",
        .product(name: "Workflow", package: "Workflow"),
        .product(name: "WorkflowReactive", package: "Workflow"),
        .product(name: "TerminalUI", package: "Samples"),
        .product(name: "Todo", package: "Samples"),
      ],
      path: "workflow-bench"
    ),
  ],
  swiftLanguageModes: [.v6]
)
