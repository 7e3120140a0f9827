import Foundation

/// The first page of a PDF as the reader matrix's five readers read it (issue 35): MuPDF and
/// poppler through their tools, pypdf, pdfminer.six and pdfium (Chrome's) through the PyPI
/// packages `make deps` installs. A reader that is not installed reads nil.
enum FiveReaders {
    static func texts(ofFirstPageOf pdf: String) -> [(reader: String, text: String?)] {
        var readers: [(reader: String, text: String?)] = [
            ("MuPDF", TestSupport.runTool("/usr/bin/mutool", ["draw", "-q", "-F", "txt", "-o", "-", pdf, "1"])),
            ("poppler", TestSupport.runTool("/usr/bin/pdftotext", ["-l", "1", pdf, "-"])),
        ]
        // The three PyPI readers in one Python, their texts apart by a record separator.
        let script = """
        import sys; sys.path.insert(0, sys.argv[1])
        import pypdf, pypdfium2, pdfminer.high_level
        print(pypdf.PdfReader(sys.argv[2]).pages[0].extract_text()); print("\\x1e")
        print(pdfminer.high_level.extract_text(sys.argv[2], maxpages=1)); print("\\x1e")
        print(pypdfium2.PdfDocument(sys.argv[2])[0].get_textpage().get_text_range())
        """
        let python = TestSupport.runTool("/usr/bin/python3", ["-c", script, PDFCheck.pyPITools.path, pdf])
        let texts = python?.components(separatedBy: "\u{1E}")
        for (index, reader) in ["pypdf", "pdfminer.six", "pdfium"].enumerated() {
            readers.append((reader, texts.flatMap { index < $0.count ? $0[index] : nil }))
        }
        return readers
    }
}
