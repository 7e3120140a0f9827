import CCairo

/// A key for Cairo's user data. Cairo tells keys apart by their address and never reads or
/// writes what is there, so one made once and never freed serves every thread. A `static var`
/// passed as `&key` would do for one thread, but each such use is a modifying access to the
/// variable in Swift's eyes, and documents drawn on two threads would race on it.
final class CairoUserDataKey: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<cairo_user_data_key_t>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: cairo_user_data_key_t())
    }
}
