// SPDX-License-Identifier: Apache-2.0

import Foundation
import TestSupport
import Testing
import WorkflowReactive

/// The `reactive` namespace and `NotificationCenter.reactive` as ReactiveSwift has them.
@Suite struct ReactiveExtensionsCompatibilityTests {
  final class Thermometer: ReactiveExtensionsProvider {
    let readings = MutableProperty(20.0)
    static let unit = "°C"
  }

  @Test func extensionsOfAnOwnTypeAreReachedThroughReactive() {
    let thermometer = Thermometer()
    var seen: [Double] = []
    thermometer.reactive.celsius.startWithValues { seen.append($0) }
    thermometer.readings.value = 21
    #expect(seen == [20, 21])
    #expect(Thermometer.reactive.unitName == "°C")
    #expect(thermometer.reactive.base === thermometer)
  }

  @Test func notificationsArriveForTheirNameAndObject() {
    let center = NotificationCenter()
    let sender = Thermometer()
    let name = Notification.Name("ReactiveExtensionsCompatibilityTests.changed")
    var received: [Notification.Name] = []
    var fromSender = 0
    center.reactive.notifications(forName: name).observeValues { received.append($0.name) }
    center.reactive.notifications(forName: name, object: sender).observeValues { _ in
      fromSender += 1
    }

    center.post(name: name, object: nil)
    center.post(name: name, object: sender)
    center.post(name: Notification.Name("other"), object: sender)

    #expect(received == [name, name])
    #expect(fromSender == 1)
  }
}

extension Reactive where Base: ReactiveExtensionsCompatibilityTests.Thermometer {
  fileprivate var celsius: SignalProducer<Double, Never> { base.readings.producer }
  fileprivate static var unitName: String { Base.unit }
}
