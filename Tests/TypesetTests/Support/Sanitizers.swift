import Foundation
import XCTest

/// Whether this test process runs under a sanitizer (`make test-asan`, `make test-tsan`), found
/// by the sanitizer runtime's entry point being linked in. Under one, memory and time are the
/// sanitizer's as much as the code's: AddressSanitizer keeps freed memory in quarantine and
/// makes this layout code about ten times slower, so a test that bounds resident memory or
/// guards against slow work proves nothing there (the plain run of the suite checks it).
enum Sanitizers {
    // dlsym with no handle (RTLD_DEFAULT) searches everything the process has loaded.
    static let active: Bool = ["__asan_init", "__tsan_init"].contains { (name: String) in dlsym(nil, name) != nil }

    static func skipIfActive(_ reason: String) throws {
        try XCTSkipIf(active, "under a sanitizer: \(reason)")
    }
}
