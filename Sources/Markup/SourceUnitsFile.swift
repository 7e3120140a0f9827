import Foundation

/// A markup source's UTF-16 units kept in an unnamed temporary file (`tmpfile`: removed by the
/// system when it is closed, or when the process ends however it ends) instead of in memory,
/// for the messages found once the markup is parsed: the pages' checks quote a source line or
/// two, and a book's source (the KJV's 4.2 MB, a byte a character) would otherwise sit beside
/// the text and the shaped words through layout, where a run's memory peaks. The units are kept
/// as the source keeps them (`SourceUnits`): a unit at offset N is at byte N, or 2N when they
/// take two bytes.
final class SourceUnitsFile: @unchecked Sendable {
    // Read with `pread` only, which moves no shared offset: safe from the layout and drawing
    // threads at once.
    private let file: UnsafeMutablePointer<FILE>
    private let descriptor: Int32
    /// How many bytes a unit takes in the file: 1 or 2.
    private let unitSize: Int

    /// `units` written to a new temporary file; nil when none can be made or written.
    init?(_ units: SourceUnits) {
        guard let file = tmpfile() else { return nil }
        let (written, unitSize) = units.withUnsafeBytes { bytes, unitSize in
            (fwrite(bytes.baseAddress, 1, bytes.count, file), unitSize)
        }
        guard written == units.count * unitSize, fflush(file) == 0 else {
            fclose(file)
            return nil
        }
        self.file = file
        self.unitSize = unitSize
        descriptor = fileno(file)
        // Not for a program this one starts (`--open`'s viewer, under `watch` while a document is held).
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    deinit {
        fclose(file)
    }

    /// The units of `range`; fewer when the file cannot be read (a message then quotes less).
    func units(_ range: Range<Int>) -> [UInt16] {
        guard unitSize == 1 else { return read(range, as: UInt16.self) }
        return read(range, as: UInt8.self).map(UInt16.init)
    }

    private func read<Unit: FixedWidthInteger>(_ range: Range<Int>, as _: Unit.Type) -> [Unit] {
        var units = [Unit](repeating: 0, count: range.count)
        let read = units.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(range.lowerBound * unitSize)) }
        return Array(units.prefix(max(0, read) / unitSize))
    }
}
