import Foundation

/// The text layer's page streams (`PDFTextLayer`), kept in a file beside Cairo's draft as each
/// page ends rather than in memory, and added to the draft as objects of its own once Cairo
/// has closed it (an incremental update, ISO 32000-1, 7.5.6). The finishing step then copies
/// them from the draft in pieces with the rest (`PDFDraftReader`), so that a book's text (3 MB
/// deflated for the KJV) is never held in memory.
final class TextLayerStreams {
    /// Where the streams wait: the draft's path and `.text`.
    let path: String
    private let sink: FileSink
    /// Each stream's length in the file, in the order kept.
    private var lengths: [Int] = []

    init(beside draft: String) throws {
        path = draft + ".text"
        sink = try FileSink(temporary: path)
    }

    deinit {
        remove()
    }

    /// Removes the streams' file, whatever became of them.
    func remove() {
        TemporaryFiles.shared.remove(path)
    }

    /// Keeps a page's deflated stream; returns its index among those kept.
    func keep(_ deflated: [UInt8]) -> Int {
        deflated.withUnsafeBytes { sink.write($0) }
        lengths.append(deflated.count)
        return lengths.count - 1
    }

    /// Adds every stream kept to the PDF at `draft`, which Cairo wrote and closed, each an
    /// object numbered after the file's own; returns their numbers, by index. The streams'
    /// file is removed.
    func appendObjects(to draft: String) throws -> [Int] {
        defer { remove() }
        do {
            try sink.close()
        } catch {
            // The system's reason alone (a full disk, say): the file is a temporary the
            // output's own name stands for (`RenderError.cannotWrite`).
            throw FinishingError("\(error)")
        }
        let tail = try PDFFileTail(path: draft)
        guard let size = tail.integer(after: "/Size"), let root = tail.integer(after: "/Root") else {
            throw FinishingError("the draft \(draft) has no trailer with its /Size and /Root")
        }
        let previous = try tail.lastCrossReference()
        let numbers = lengths.indices.map { size + $0 }

        let source = Foundation.open(path, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw FinishingError("cannot read \(path) again: \(SystemError.current)") }
        defer { Foundation.close(source) }
        let target = Foundation.open(draft, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard target >= 0 else { throw FinishingError("cannot open \(draft) to add to it: \(SystemError.current)") }
        var targetIsOpen = true
        defer { if targetIsOpen { Foundation.close(target) } }
        let output = FileSink(borrowing: target)
        var offset = Int(lseek(target, 0, SEEK_END)), offsets: [Int] = []
        func write(_ bytes: [UInt8]) {
            bytes.withUnsafeBytes { output.write($0) }
            offset += bytes.count
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        for (number, length) in zip(numbers, lengths) {
            offsets.append(offset)
            write(Array("\(number) 0 obj\n<< /Length \(length) /Filter /FlateDecode >>\nstream\n".utf8))
            var left = length
            while left > 0 {
                let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, min(left, $0.count)) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw FinishingError("cannot read \(path) again: \(count < 0 ? "\(SystemError.current)" : "it ends early")") }
                buffer.withUnsafeBytes { output.write(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                offset += count
                left -= count
            }
            write(Array("\nendstream\nendobj\n".utf8))
        }
        // A cross-reference section of the new objects only, and a trailer that names the
        // draft's as `/Prev` (7.5.6), in the draft's own form: a table, as Cairo writes.
        let crossReference = offset
        var section = Array("xref\n\(size) \(numbers.count)\n".utf8)
        for entry in offsets {
            guard let text = Self.inUseEntry(at: entry) else { throw FinishingError("the draft \(draft) is too large for its cross-reference table") }
            section += text
        }
        section += Array("trailer\n<< /Size \(size + numbers.count) /Root \(root) 0 R".utf8)
        if let info = tail.integer(after: "/Info") { section += Array(" /Info \(info) 0 R".utf8) }
        section += Array(" /Prev \(previous) >>\nstartxref\n\(crossReference)\n%%EOF\n".utf8)
        write(section)
        do {
            try output.close()
            targetIsOpen = false
            if Foundation.close(target) != 0 { throw SystemError.current }
        } catch {
            throw FinishingError("\(error)")
        }
        return numbers
    }

    /// A cross-reference table's entry for an object in use at `offset`: exactly 20 bytes, the
    /// offset in ten digits (nil past them).
    private static func inUseEntry(at offset: Int) -> [UInt8]? {
        let digits = Array(String(offset).utf8)
        guard digits.count <= 10 else { return nil }
        return [UInt8](repeating: UInt8(ascii: "0"), count: max(0, 10 - digits.count)) + digits + Array(" 00000 n \n".utf8)
    }
}
