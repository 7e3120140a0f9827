import Foundation

/// A file written under a temporary name and put in place only when complete, so a failed
/// run never leaves a half-written file or clobbers a good one.
///
/// A regular file (or a new one) is replaced by renaming the temporary, written beside it,
/// over it. A symbolic link to a regular file is written through, as the shell's `>` and `cp`
/// do: the file it points to is replaced and the link kept. A destination that is neither — a
/// device such as `/dev/null` or `/dev/stdout`, a named pipe — is never replaced: it is opened
/// when the file is begun (a pipe no process reads is an error then, not a wait), and the
/// finished file, written in the temporary folder, is copied into that descriptor
/// (`DeviceDestination`). A folder is refused.
///
/// A folder of files typeset keeps for itself (approved golden pages, their diffs) is no
/// place for links: there a destination that is a symbolic link is refused
/// (`Links.refused`), so that a link planted among them cannot make typeset write the file
/// it points to, outside the folder.
public struct AtomicFile {
    /// What is done with a destination that is a symbolic link.
    public enum Links: Sendable {
        /// Its file is written, the link kept (an output the user names).
        case followed
        /// It is an error (a file in a folder typeset manages).
        case refused
    }

    /// The destination as given, which messages name.
    public let destination: String
    public let temporary: String
    /// Where the temporary goes: the destination, or the file its symbolic link points to.
    private let target: String
    /// The destination is a device or a pipe, open: it is written into, not replaced.
    private let device: DeviceDestination?

    public init(destination: String, links: Links = .followed) throws {
        self.destination = destination
        var info = stat()
        if links == .refused, lstat(destination, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            throw RenderError.cannotWrite(path: destination, reason: "it is a symbolic link, and this folder holds only files typeset writes")
        }
        let kind = stat(destination, &info) == 0 ? info.st_mode & S_IFMT : nil
        switch kind {
        case S_IFDIR:
            throw RenderError.cannotWrite(path: destination, reason: "it is a folder")
        case nil, S_IFREG:
            device = nil
            target = kind == nil ? destination : Self.resolvingLinks(destination)
            let url = URL(fileURLWithPath: target)
            // What a run killed before it could clean up left of this file goes first.
            TemporaryOwner.removeStale(of: url.lastPathComponent, in: url.deletingLastPathComponent().path)
            temporary = url.deletingLastPathComponent()
                .appendingPathComponent(".\(url.lastPathComponent).\(Self.uniqueTag()).tmp").path
        default:
            // A temporary beside `/dev/null` would be a file in /dev.
            device = try DeviceDestination(opening: destination)
            target = destination
            temporary = (NSTemporaryDirectory() as NSString)
                .appendingPathComponent("typeset-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).tmp")
        }
    }

    /// Creates the temporary file for writing. A device's is read back through a descriptor
    /// of its own (`DeviceDestination`), and its name removed at once.
    public func open() throws -> FileSink {
        do {
            let sink = try FileSink(temporary: temporary)
            if let device {
                device.readBack(try sink.secondDescriptor())
                TemporaryFiles.shared.remove(temporary)
            }
            return sink
        } catch {
            throw RenderError.cannotWrite(path: destination, reason: "\(error)")
        }
    }

    /// Puts the finished temporary in place (or copies it into a device or pipe).
    public func commit() throws {
        do {
            if let device {
                try device.copyWritten()
            } else {
                keepPermissions(of: target)
                try TemporaryFiles.shared.rename(temporary, to: target)
            }
        } catch {
            discard()
            throw RenderError.cannotWrite(path: destination, reason: "\(error)")
        }
    }

    /// A file replaced keeps its permissions, as `cp` onto it and `sed -i` keep them: a
    /// read-only output stays read-only (it had become 0644). Only a user who may write the
    /// file gets here: `OutputLocation` refuses one who may not, as `cp` does.
    private func keepPermissions(of replaced: String) {
        var info = stat()
        guard stat(replaced, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
        chmod(temporary, info.st_mode & 0o7777)
    }

    public func discard() {
        TemporaryFiles.shared.remove(temporary)
        device?.close()
    }

    /// The process's number and scope (`TemporaryOwner`) and 64 random bits: a temporary's
    /// name that no one can foresee to plant a link under, that two processes of one number (in
    /// two containers sharing a folder) do not share, and that says who made it to a later run
    /// cleaning up after one killed. `TemporaryFiles.create` refuses a name that exists all the same.
    private static func uniqueTag() -> String {
        var generator = SystemRandomNumberGenerator()
        let random = String(generator.next() as UInt64, radix: 16)
        return "\(TemporaryOwner.tag)-\(String(repeating: "0", count: 16 - random.count))\(random)"
    }

    /// The regular file a path names once every symbolic link on the way is followed.
    private static func resolvingLinks(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

public enum RenderError: Error, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)
    case cannotRead(path: String, reason: String)
    case cairo(String)
    /// A page image larger than `PagePixels` allows.
    case tooManyPixels(String)
    /// A page selection (`PageSelection`) that holds none of the document's pages.
    case noPageSelected(selection: String, pageCount: Int)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
        case .cannotRead(let path, let reason): return "cannot read \(path): \(reason)"
        case .cairo(let reason): return "drawing failed: \(reason)"
        case .tooManyPixels(let reason): return reason
        case .noPageSelected(let selection, let pageCount):
            return "--pages \(selection) selects no page: the document has \(pageCount == 1 ? "1 page" : "\(pageCount) pages"); nothing was written"
        }
    }
}
