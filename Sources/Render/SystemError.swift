import Foundation

/// A failed system call's `errno`, described as `strerror` describes it.
public struct SystemError: Error, CustomStringConvertible {
    public var code: Int32

    public init(code: Int32) {
        self.code = code
    }

    public static var current: SystemError { SystemError(code: errno) }

    public var description: String { String(cString: strerror(code)) }
}
