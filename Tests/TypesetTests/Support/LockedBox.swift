import Foundation

/// A value shared with another thread.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// Reads or changes the value under the lock, in one step.
    func withLock<Answer>(_ body: (inout Value) -> Answer) -> Answer {
        lock.withLock { body(&stored) }
    }
}
