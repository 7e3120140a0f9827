import Diagnostics
import Foundation
import Text

/// A dictionary file's patterns as built tables, kept on disk so that a process reads them back
/// instead of parsing and sorting the file again: English's 11,000 patterns cost some 17 M
/// instructions to build, every run that sets English text, and a few hundred thousand to read.
///
/// A table file is named by the dictionary file's length and a hash of its bytes, and holds
/// both again, the format's version and a hash of its own contents: a dictionary that changed, a
/// table written by another version of the format, or one cut short or damaged is not used (the
/// file is parsed, and its table written again). The tables are in the machine's byte order:
/// the cache is the machine's own.
public enum HyphenationTableCache {
    /// The folder of the tables: `$XDG_CACHE_HOME/typeset/hyphenation`, else
    /// `$HOME/.cache/typeset/hyphenation`; nil keeps no tables (every file is parsed). Set it
    /// before any thread starts.
    nonisolated(unsafe) static var directory: String? = defaultDirectory()

    /// Keeps no tables for the rest of the process. For a run whose cache folder is its own,
    /// made for it and removed when it ends (TypesetCLI's `FontconfigCacheFolder`): a table
    /// there serves no later process, and the layout thread writing one (making its folders
    /// again) while a signal's cleanup removed the folder left it behind. Call before any
    /// thread starts.
    public static func keepNoTables() {
        directory = nil
    }

    /// Bumped whenever the tables' layout or what the parser puts in them changes.
    private static let formatVersion: UInt32 = 1
    private static let magic = Array("typeset hyphenation table".utf8)

    /// The dictionary in `source` (a file's bytes): its stored table when there is a good one,
    /// else the file parsed, and its table stored for the next process.
    static func dictionaryFile(for source: UnsafeRawBufferPointer) -> HyphenationDictionaryFile {
        let sourceHash = ContentHash.of(source)
        if let stored = storedDictionaryFile(sourceHash: sourceHash, sourceLength: source.count) { return stored }
        let parsed = HyphenationDictionaryFile(bytes: source.bindMemory(to: UInt8.self))
        if let path = tablePath(sourceHash: sourceHash, sourceLength: source.count) {
            store(parsed, sourceHash: sourceHash, sourceLength: source.count, at: path)
        }
        return parsed
    }

    /// The dictionary in the stored table of a file of `sourceLength` bytes hashing to
    /// `sourceHash`; nil when there is no good one.
    static func storedDictionaryFile(sourceHash: UInt64, sourceLength: Int) -> HyphenationDictionaryFile? {
        guard let path = tablePath(sourceHash: sourceHash, sourceLength: sourceLength),
              let stored = FileManager.default.contents(atPath: path) else { return nil }
        return read(stored, sourceHash: sourceHash, sourceLength: sourceLength)
    }

    /// The hash `dictionaryFile(for:)` looks a table up by, of the `length` bytes of the file
    /// `descriptor` has open, read from where it is in pieces: a run that finds the table never
    /// holds the file (German's is 1 MB). Nil when it cannot be read whole.
    static func hashOfFile(_ descriptor: Int32, length: Int) -> UInt64? {
        var hash = ContentHash()
        let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 8)
        defer { piece.deallocate() }
        var total = 0
        while true {
            let count = Glibc.read(descriptor, piece.baseAddress!, piece.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return total == length ? hash.value : nil }
            hash.add(UnsafeRawBufferPointer(rebasing: piece[..<count]))
            total += count
        }
    }

    private static func tablePath(sourceHash: UInt64, sourceLength: Int) -> String? {
        directory.map { "\($0)/\(String(sourceHash, radix: 16))-\(sourceLength).table" }
    }

    private static func defaultDirectory() -> String? {
        if let cache = getenv("XDG_CACHE_HOME").map({ String(cString: $0) }), cache.hasPrefix("/") {
            return "\(cache)/typeset/hyphenation"
        }
        if let home = getenv("HOME").map({ String(cString: $0) }), home.hasPrefix("/") {
            return "\(home)/.cache/typeset/hyphenation"
        }
        return nil
    }

    // MARK: Writing

    /// Writes the table beside its final name and renames it into place, so that a process
    /// reading it meanwhile finds the whole of it or none. The temporary name is made unique by
    /// `mkstemp` and opened exclusively: a process id is not unique across PID namespaces
    /// (containers sharing a cache folder), and a link planted under a fixed name is not followed. A folder that cannot be written
    /// keeps no tables: the next process parses the file again. The table is made in one
    /// array, its header's hash filled in last: German's is 3 MB, not to be copied.
    private static func store(_ file: HyphenationDictionaryFile, sourceHash: UInt64, sourceLength: Int, at path: String) {
        var table = TableWriter()
        table.bytes = magic
        table.append(formatVersion)
        table.append(UInt64(sourceLength))
        table.append(sourceHash)
        let bodyHashOffset = table.bytes.count
        table.append(UInt64(0))
        let bodyStart = table.bytes.count
        table.append(encodingCode(file.encoding))
        for level in [file.compound, file.word] { table.append(level) }
        let bodyHash = table.bytes.withUnsafeBytes { ContentHash.of(UnsafeRawBufferPointer(rebasing: $0[bodyStart...])) }
        withUnsafeBytes(of: bodyHash) { table.bytes.replaceSubrange(bodyHashOffset ..< bodyStart, with: $0) }
        let folder = PathFolder.of(path)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var template = Array("\(path).XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { return }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        fchmod(descriptor, 0o644)
        let written = table.bytes.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
        close(descriptor)
        if written != table.bytes.count || rename(temporary, path) != 0 { unlink(temporary) }
    }

    private static func encodingCode(_ encoding: HyphenationEncoding) -> UInt8 {
        switch encoding {
        case .utf8: return 0
        case .latin1: return 1
        case .koi8R: return 2
        }
    }

    // MARK: Reading

    /// The dictionary a table holds, or nil when it is not the table of these source bytes in
    /// this format, or is damaged.
    private static func read(_ stored: Data, sourceHash: UInt64, sourceLength: Int) -> HyphenationDictionaryFile? {
        stored.withUnsafeBytes { raw -> HyphenationDictionaryFile? in
            var reader = TableReader(bytes: raw)
            guard reader.bytes(count: magic.count).map({ $0.elementsEqual(magic) }) == true,
                  reader.integer(UInt32.self) == formatVersion,
                  reader.integer(UInt64.self) == UInt64(sourceLength),
                  reader.integer(UInt64.self) == sourceHash,
                  let bodyHash = reader.integer(UInt64.self),
                  ContentHash.of(UnsafeRawBufferPointer(rebasing: raw[reader.position...])) == bodyHash,
                  let encoding = reader.integer(UInt8.self).flatMap(encoding(code:)),
                  let compound = reader.level(), let word = reader.level(),
                  reader.position == raw.count
            else { return nil }
            return HyphenationDictionaryFile(encoding: encoding, compound: compound, word: word)
        }
    }

    private static func encoding(code: UInt8) -> HyphenationEncoding? {
        switch code {
        case 0: return .utf8
        case 1: return .latin1
        case 2: return .koi8R
        default: return nil
        }
    }
}

/// The bytes of a table file: integers, and arrays of them after their count.
private struct TableWriter {
    var bytes: [UInt8] = []

    mutating func append<Integer: FixedWidthInteger>(_ value: Integer) {
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
    }

    mutating func append<Integer: FixedWidthInteger>(array: [Integer]) {
        append(UInt32(array.count))
        array.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ level: HyphenationDictionaryFile.Level) {
        for minimum in [level.leftMinimum, level.rightMinimum, level.compoundLeftMinimum, level.compoundRightMinimum] {
            append(minimum)
        }
        append(UInt32(level.noHyphen.count))
        for string in level.noHyphen { append(array: string) }
        let table = level.patterns.storedForm
        append(array: table.letters)
        append(array: table.letterStarts)
        append(array: table.digits)
        append(array: table.digitStarts)
        append(array: table.sorted)
        append(array: table.firstLetterStarts)
        append(array: table.secondLetterRows)
        append(array: table.secondLetterStarts)
    }
}

/// Reads what TableWriter wrote; every read is checked against the bytes left.
private struct TableReader {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    mutating func bytes(count: Int) -> UnsafeRawBufferPointer? {
        guard count >= 0, count <= bytes.count - position else { return nil }
        defer { position += count }
        return UnsafeRawBufferPointer(rebasing: bytes[position ..< position + count])
    }

    mutating func integer<Integer: FixedWidthInteger>(_: Integer.Type) -> Integer? {
        bytes(count: MemoryLayout<Integer>.size).map { $0.loadUnaligned(as: Integer.self) }
    }

    mutating func array<Integer: FixedWidthInteger>(of _: Integer.Type) -> [Integer]? {
        guard let count = integer(UInt32.self),
              let stored = bytes(count: Int(count) * MemoryLayout<Integer>.stride) else { return nil }
        return [Integer](unsafeUninitializedCapacity: Int(count)) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: stored)
            initialized = Int(count)
        }
    }

    mutating func level() -> HyphenationDictionaryFile.Level? {
        var level = HyphenationDictionaryFile.Level()
        guard let left = integer(Int8.self), let right = integer(Int8.self),
              let compoundLeft = integer(Int8.self), let compoundRight = integer(Int8.self),
              let noHyphenCount = integer(UInt32.self) else { return nil }
        (level.leftMinimum, level.rightMinimum) = (left, right)
        (level.compoundLeftMinimum, level.compoundRightMinimum) = (compoundLeft, compoundRight)
        for _ in 0 ..< noHyphenCount {
            guard let string = array(of: UInt8.self) else { return nil }
            level.noHyphen.append(string)
        }
        guard let letters = array(of: UInt8.self), let letterStarts = array(of: UInt32.self),
              let digits = array(of: UInt16.self), let digitStarts = array(of: UInt32.self),
              let sorted = array(of: UInt32.self), let firstLetterStarts = array(of: UInt32.self),
              let secondLetterRows = array(of: UInt32.self), let secondLetterStarts = array(of: UInt32.self),
              let patterns = HyphenationPatternTable(storedForm: .init(
                  letters: letters, letterStarts: letterStarts, digits: digits, digitStarts: digitStarts,
                  sorted: sorted, firstLetterStarts: firstLetterStarts,
                  secondLetterRows: secondLetterRows, secondLetterStarts: secondLetterStarts))
        else { return nil }
        level.patterns = patterns
        return level
    }
}
