import CCairo
import Foundation
import Layout
import Pages
import Text

/// The PDF's bookmarks: one for each paragraph with an outline level
/// (`ParagraphStyle.outlineLevel`), added as its page is written, nested under the nearest
/// bookmark before it of a lower level; and one for each article of an issue (`<include>`),
/// its `<meta>` title, with its headings under it (an article without a title has none, its
/// headings under its includer's). A bookmark opens the page where its paragraph's first
/// line is (an article's, its first paragraph's), at that line's top, so a headline split
/// across pages opens where it starts.
final class DocumentOutline {
    private let text: AttributedText
    /// The articles open, each with Cairo's id for its bookmark.
    private var articles = OpenArticles<Int32>()
    /// The open branch of the outline inside the innermost article (or the document): each
    /// level's latest bookmark and Cairo's id for it.
    private var branch: [(level: Int, id: Int32)] = []

    init(text: AttributedText) {
        self.text = text
    }

    /// Adds the bookmarks of the paragraphs that start on `page`, the `pageIndex`th page of
    /// the PDF (from 1), in reading order: bands top down, each band's columns in its section's order.
    /// The page lies `sheetMargin` from the sheet's top and left edges (`PrintSheet.margin`):
    /// a destination is a place on the sheet.
    func addBookmarks(startingOn page: Page, pageIndex: Int, sheetMargin: Double = 0, to surface: OpaquePointer) {
        for frame in page.frames {
            for line in frame.lines {
                let start = line.stringRange.lowerBound
                guard start < text.length else { continue }
                // Only a line that starts its paragraph starts a bookmark: asked by the unit
                // before it, not by finding the paragraph, which a heading of many lines
                // would look up once a line, each time its whole length (issue 40, item 8).
                guard text.startsParagraph(at: start) else { continue }
                // Most paragraphs neither start an article nor are headings: their style is read
                // where it lies, and no destination is written for them (`String(format:)` was
                // some 25,000 instructions a paragraph).
                let style = text.sharedParagraphStyle(at: start)
                let article = style.value.article, level = style.value.outlineLevel
                guard article != nil || level > 0 else { continue }
                let destination = String(format: "page=%d pos=[%.2f %.2f]", pageIndex, sheetMargin + max(0, line.origin.x),
                                         sheetMargin + max(0, line.origin.y - line.ascent - line.leading / 2))
                if let article { enter(article, destination: destination, to: surface) }
                // A figure's or an aside's heading (a sidebar's title, a pull quote styled as
                // one) belongs to its box, not to the document's outline, wherever the box is
                // placed: a box in the column is set in the column's frame, a floated one not.
                guard level > 0, style.value.box == nil else { continue }
                let paragraph = text.paragraphRange(containing: start)
                let title = BookmarkTitle.make(from: text.storage[paragraph])
                guard !title.isEmpty else { continue }
                add(title, level: level, destination: destination, to: surface)
            }
        }
    }

    /// Goes on in `article` from the paragraph at `destination`: a bookmark for it when it
    /// starts there, the headings after it under it.
    private func enter(_ article: Article, destination: String, to surface: OpaquePointer) {
        branch.removeAll()
        articles.enter(article) { includer in
            let parent = includer ?? Int32(CAIRO_PDF_OUTLINE_ROOT)
            let title = BookmarkTitle.make(from: article.title ?? "")
            guard !title.isEmpty else { return parent }
            return cairo_pdf_surface_add_outline(surface, parent, title, destination, CAIRO_PDF_OUTLINE_FLAG_OPEN)
        }
    }

    private func add(_ title: String, level: Int, destination: String, to surface: OpaquePointer) {
        while let last = branch.last, last.level >= level { branch.removeLast() }
        let parent = branch.last?.id ?? articles.innermost ?? Int32(CAIRO_PDF_OUTLINE_ROOT)
        // Open, so that a headline shows its subheadlines.
        let id = cairo_pdf_surface_add_outline(surface, parent, title, destination, CAIRO_PDF_OUTLINE_FLAG_OPEN)
        branch.append((level, id))
    }
}
