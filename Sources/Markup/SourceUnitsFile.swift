import Foundation

/// A markup source's UTF-16 units kept in an unnamed temporary file (`tmpfile`: removed by the
/// system when it is closed, or when the process ends however it ends) instead of in memory,
/// for the messages found once the markup is parsed: the pages' checks quote a source line or
/// two, and a book's source (8.5 MB of the KJV) would otherwise sit beside the text and the
/// shaped words through layout, where a run's memory peaks. A unit at offset N is at byte 2N.
final class SourceUnitsFile: @unchecked Sendable {
    // Read with `pread` only, which moves no shared offset: safe from the layout and drawing
    // threads at once.
    private let file: UnsafeMutablePointer<FILE>
    private let descriptor: Int32

    /// `units` written to a new temporary file; nil when none can be made or written.
    init?(_ units: [UInt16]) {
        guard let file = tmpfile() else { return nil }
        let written = units.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        guard written == units.count * 2, fflush(file) == 0 else {
            fclose(file)
            return nil
        }
        self.file = file
        descriptor = fileno(file)
        // Not for a program this one starts (`--open`'s viewer, under `watch` while a document is held).
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    deinit {
        fclose(file)
    }

    /// The units of `range`; fewer when the file cannot be read (a message then quotes less).
    func units(_ range: Range<Int>) -> [UInt16] {
        var units = [UInt16](repeating: 0, count: range.count)
        let read = units.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(range.lowerBound * 2)) }
        return Array(units.prefix(max(0, read) / 2))
    }
}
