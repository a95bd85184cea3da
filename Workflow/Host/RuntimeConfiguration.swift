// SPDX-License-Identifier: Apache-2.0

/// How a ``WorkflowHost`` schedules render passes.
///
/// The defaults suit applications. Every combination produces the same renderings for workflows
/// whose `render` depends only on their props and state; the switches exist to compare
/// behaviour and cost.
public struct RuntimeConfiguration: Hashable, Sendable {
  /// When the host renders after actions.
  public enum RenderPolicy: Hashable, Sendable, CaseIterable {
    /// Apply every queued action, then render once for the whole batch.
    case oncePerBatch
    /// Render after every action.
    case perAction
  }

  /// When the host renders after actions. The default is ``RenderPolicy/oncePerBatch``.
  public var renderPolicy: RenderPolicy

  /// Whether a batch of actions that changed no state skips its render pass.
  ///
  /// Outputs are delivered either way. State that is not `Equatable` always counts as changed.
  /// On by default.
  public var skipsRenderWhenStateIsUnchanged: Bool

  /// Whether nodes whose props, state and descendants did not change reuse their last rendering
  /// instead of calling `render`.
  ///
  /// Props and state that are not `Equatable` always count as changed. On by default.
  public var isPartialRenderingEnabled: Bool

  /// How many steps the host keeps in its ``WorkflowHost/history``, for rewinding; 0 (the
  /// default) keeps none.
  ///
  /// Each rendered step keeps a copy of every snapshottable state, encoded only when the step's
  /// snapshot is read; keep this off where memory matters. A negative limit is a programmer error and traps, when set or passed to
  /// ``init(renderPolicy:skipsRenderWhenStateIsUnchanged:isPartialRenderingEnabled:historyLimit:)``.
  public var historyLimit: Int {
    didSet { Self.checkHistoryLimit(historyLimit) }
  }

  /// Creates a configuration; the defaults are the recommended settings.
  public init(
    renderPolicy: RenderPolicy = .oncePerBatch,
    skipsRenderWhenStateIsUnchanged: Bool = true,
    isPartialRenderingEnabled: Bool = true,
    historyLimit: Int = 0
  ) {
    Self.checkHistoryLimit(historyLimit)
    self.renderPolicy = renderPolicy
    self.skipsRenderWhenStateIsUnchanged = skipsRenderWhenStateIsUnchanged
    self.isPartialRenderingEnabled = isPartialRenderingEnabled
    self.historyLimit = historyLimit
  }

  private static func checkHistoryLimit(_ limit: Int) {
    precondition(
      limit >= 0,
      "RuntimeConfiguration: historyLimit \(limit) is negative; pass 0 to keep no history")
  }

  /// The recommended settings: render once per batch, skip unchanged batches, render partially.
  public static var `default`: RuntimeConfiguration { RuntimeConfiguration() }

  /// Every combination of the switches, the default first; useful to run a test under each.
  public static var allCombinations: [RuntimeConfiguration] {
    var result: [RuntimeConfiguration] = []
    for policy in RenderPolicy.allCases {
      for skips in [true, false] {
        for partial in [true, false] {
          result.append(
            RuntimeConfiguration(
              renderPolicy: policy, skipsRenderWhenStateIsUnchanged: skips,
              isPartialRenderingEnabled: partial))
        }
      }
    }
    return result
  }
}
