// SPDX-License-Identifier: Apache-2.0

/// The error the tests send through failing streams.
struct TestError: Error, Equatable {}
