import Foundation
import Pages

/// Writes the layout JSON (docs/layout-json.md) while the pages are drawn: each page is
/// encoded as the writer takes it and goes to a temporary file at once, so memory stays that
/// of one page; `commit()` puts the file in place when the document has succeeded.
///
/// The document is `{"pages":[…],"textLength":N,"version":1}` with one page on each line;
/// keys are sorted everywhere (the top level's are written in that order by hand).
public final class LayoutJSONFile: UnplacedOutput {
    private let file: AtomicFile
    private let sink: FileSink
    private let textLength: Int
    private let sheet: PrintSheet
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
    private var pageCount = 0
    /// The document is ended and its file closed (`close()`).
    private var closed = false
    /// The first failure to encode a page: pages come from a sequence, which cannot throw
    /// (the sink keeps the first failure to write).
    private var failure: Error?

    /// Starts the file for a document of `textLength` UTF-16 units whose pages are printed
    /// on `sheet`.
    public init(path: String, textLength: Int, sheet: PrintSheet = PrintSheet()) throws {
        file = try AtomicFile(destination: path)
        sink = try file.open()
        self.textLength = textLength
        self.sheet = sheet
        write(Data("{\"pages\":[".utf8))
    }

    /// Adds one page.
    public func record(_ page: Page) {
        guard failure == nil else { return }
        do {
            let encoded = try encoder.encode(LayoutJSON.page(page, sheet: sheet))
            write(Data((pageCount == 0 ? "\n" : ",\n").utf8) + encoded)
            pageCount += 1
        } catch {
            failure = error
        }
    }

    /// Ends the document and closes its temporary file, where a failure to write shows,
    /// without putting it in place: so that the run's other outputs are placed only once this
    /// one is whole.
    public func close() throws {
        guard !closed else { return }
        closed = true
        write(Data("\n],\"textLength\":\(textLength),\"version\":\(LayoutJSON.version)}\n".utf8))
        do {
            if let failure { throw failure }
            try sink.close()
        } catch {
            discard()
            throw RenderError.cannotWrite(path: file.destination, reason: "\(error)")
        }
    }

    /// Ends the document (`close()`) and moves it into place.
    public func commit() throws {
        try close()
        try file.commit()
    }

    /// Drops the temporary file: the document failed.
    public func discard() {
        try? sink.close()
        file.discard()
    }

    private func write(_ data: Data) {
        sink.write(data)
    }
}

/// The pages of `base`, each recorded into a layout JSON file (when there is one) as it is
/// handed on: the JSON describes exactly the pages drawn, laid out once.
public struct RecordedPages<Base: Sequence>: Sequence where Base.Element == Page {
    var base: Base
    var file: LayoutJSONFile?

    public init(_ base: Base, into file: LayoutJSONFile?) {
        self.base = base
        self.file = file
    }

    public func makeIterator() -> Iterator {
        Iterator(base: base.makeIterator(), file: file)
    }

    public struct Iterator: IteratorProtocol {
        var base: Base.Iterator
        let file: LayoutJSONFile?

        public mutating func next() -> Page? {
            guard let page = base.next() else { return nil }
            file?.record(page)
            return page
        }
    }
}
