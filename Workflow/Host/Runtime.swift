// SPDX-License-Identifier: Apache-2.0

/// The runtime configuration in effect for the code that runs now, as workflow-swift scopes it.
///
/// A ``WorkflowHost`` made without a `configuration:` argument takes ``configuration``, the
/// value that the innermost ``withConfiguration(override:operation:)`` around it set, or
/// ``RuntimeConfiguration/default`` outside any. Hosts read it once, when they are made; a
/// host keeps its configuration for its whole life.
///
/// ```swift
/// let host = Runtime.withConfiguration(override: { configuration in
///   configuration.partialTreeRendering = false
/// }) {
///   WorkflowHost(workflow: CounterWorkflow())
/// }
/// ```
///
/// ``Configuration`` is the per-host ``RuntimeConfiguration`` itself, with workflow-swift's
/// names for two of its switches: ``RuntimeConfiguration/renderOnlyIfStateChanged`` and
/// ``RuntimeConfiguration/partialTreeRendering``.
public enum Runtime {
  /// The configuration of the Workflow runtime: the same value a host takes as its
  /// `configuration:` argument.
  public typealias Configuration = RuntimeConfiguration

  @TaskLocal private static var scoped: Configuration?

  /// The configuration that a host made now, without a `configuration:` argument, runs with.
  ///
  /// Inside ``withConfiguration(override:operation:)``, the value it set (in the task it runs
  /// and in the child tasks that task starts); elsewhere ``RuntimeConfiguration/default``.
  public static var configuration: Configuration {
    scoped ?? .default
  }

  /// Runs `operation` with ``configuration`` changed by `override`, and returns its result.
  ///
  /// The change starts from the configuration in effect, so nested calls add up, and it ends
  /// when `operation` returns.
  ///
  /// - Parameters:
  ///   - override: Changes the configuration in effect; without it, `operation` runs with the
  ///     configuration in effect now.
  ///   - operation: The code to run under the changed configuration.
  /// - Returns: What `operation` returns.
  public static func withConfiguration<T>(
    override: ((inout Configuration) -> Void)? = nil,
    operation: () -> T
  ) -> T {
    var changed = configuration
    override?(&changed)
    return $scoped.withValue(changed, operation: operation)
  }
}

extension RuntimeConfiguration {
  /// workflow-swift's name for ``skipsRenderWhenStateIsUnchanged``.
  ///
  /// On by default here, where workflow-swift's default is off: an action that changes no state
  /// publishes no new rendering.
  public var renderOnlyIfStateChanged: Bool {
    get { skipsRenderWhenStateIsUnchanged }
    set { skipsRenderWhenStateIsUnchanged = newValue }
  }

  /// workflow-swift's name for ``isPartialRenderingEnabled``.
  public var partialTreeRendering: Bool {
    get { isPartialRenderingEnabled }
    set { isPartialRenderingEnabled = newValue }
  }
}
