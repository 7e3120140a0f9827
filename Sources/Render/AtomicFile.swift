import Foundation

/// A file written under a temporary name beside its destination and renamed into place only
/// when complete, so a failed run never leaves a half-written file or clobbers a good one.
public struct AtomicFile {
    public let destination: String
    public let temporary: String

    public init(destination: String) {
        self.destination = destination
        let url = URL(fileURLWithPath: destination)
        temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp").path
    }

    public func commit() throws {
        guard rename(temporary, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw RenderError.cannotWrite(path: destination, reason: reason)
        }
    }

    public func discard() {
        unlink(temporary)
    }
}

public enum RenderError: Error, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)
    case cannotRead(path: String, reason: String)
    case cairo(String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
        case .cannotRead(let path, let reason): return "cannot read \(path): \(reason)"
        case .cairo(let reason): return "drawing failed: \(reason)"
        }
    }
}
