import Diagnostics
import Fonts
import Layout
import Text

extension PageTemplate {
    /// The tallest a picture or a box across columns may be: the text area less a gutter and
    /// the room always left to the text beside it (`PictureReservation.textRoom`).
    public var tallestAcrossColumns: Double {
        max(1, textArea.height - gutter - PictureReservation.textRoom)
    }

    /// The width of a column of `section` (nil: the page's columns).
    public func columnWidth(of section: SectionStyle?) -> Double {
        columnWidth(columns: section?.columns ?? columns, gutter: section?.gutter ?? gutter)
    }

    /// The width of `spanned` columns (nil: all) of `section` (nil: the page's columns), from
    /// the first: what a picture or a box across columns may take.
    public func spannedWidth(columns spanned: Int?, of section: SectionStyle?) -> Double {
        guard let spanned, spanned < section?.columns ?? columns else { return textArea.width }
        return Double(spanned) * columnWidth(of: section) + Double(spanned - 1) * (section?.gutter ?? gutter)
    }

    /// The width free for `box` on a page: its column's, or its spanned columns'.
    func availableWidth(for box: BoxRange, in text: AttributedText) -> Double {
        let section = text.paragraphStyle(at: box.range.lowerBound).section
        switch box.style.placement {
        case .inColumn, .side, .footnote: return columnWidth(of: section)
        case .edge(_, let columns), .center(let columns): return spannedWidth(columns: columns, of: section)
        }
    }

    /// The tallest `box` may be: a column's height, or for a box across columns the height that
    /// leaves the text its room beside it (see `PictureReservation.textRoom`).
    func tallestBox(_ box: BoxRange) -> Double {
        switch box.style.placement {
        case .inColumn, .side, .footnote: textArea.height
        case .edge, .center: tallestAcrossColumns
        }
    }

    /// Fits figures and asides to the page before layout, as `fitPictures` fits pictures to
    /// columns. A box never splits, so: a picture in a box wider than the box's text is scaled
    /// to it (to the measure its paragraph's indents leave in the box's column; again where the
    /// box is set narrower, Layout's NarrowedBoxPictures); a figure too tall for its column (or,
    /// across columns, for the page) has its pictures scaled down until it fits, with a warning
    /// at the `<figure>`; an aside too tall is an error at the `<aside>`, as text cannot be
    /// scaled. Each box is measured in the strictest frame it may be set in (a master's columns
    /// and margins: `PossibleFrames`), as pictures are. `framesetter` makes the framesetter that
    /// measures the boxes' text, given the text with its pictures fitted to the boxes (the
    /// document's own shaper then keeps the words it shapes for the pages); `wordWidths` (the
    /// document's, kept for the pages) measures a pull quote's words; `places` locates the boxes.
    public func fitBoxes(_ text: inout AttributedText, fonts: FontTable, places: ElementPlaces, measuring wordWidths: WordWidths? = nil,
                         keeping kept: KeptBoxHeights? = nil, framesetter: (AttributedText) -> Framesetter) -> [Diagnostic] {
        let boxes = TextBoxes(text: text).all
        guard !boxes.isEmpty else { return [] }
        var diagnostics: [Diagnostic] = []
        let possible = PossibleFrames(template: self, text: text)
        let wordWidths = wordWidths ?? WordWidths(fonts: fonts)
        // The narrowest a box may be set, and the least height it may take, in the frames it may be set in.
        func narrowestWidth(of box: BoxRange) -> Double {
            let widestWord = Self.widestWord(of: box, in: text, measuring: wordWidths)
            return possible.templates(at: box.range.lowerBound).map { $0.width(of: box, in: text, widestWord: widestWord) }.min()
                ?? width(of: box, in: text, widestWord: widestWord)
        }
        func leastHeight(for box: BoxRange) -> Double {
            possible.templates(at: box.range.lowerBound).map { $0.tallestBox(box) }.min() ?? tallestBox(box)
        }
        for box in boxes {
            let column = box.columnWidth(outerWidth: narrowestWidth(of: box))
            scalePictures(in: box, &text) { delegate, style in min(1, style.narrowestMeasure(in: column) / delegate.width) }
        }
        let framesetter = framesetter(text)
        // Under `typeset watch`, a box the edit did not reach keeps the last run's height.
        let fitting = kept?.beginFitting(of: text, fonts: fonts, template: self)
        defer { fitting?.finish() }
        var tooTall: [(box: BoxRange, height: Double, pictures: Double)] = []
        // A note splits across columns (Layout's ColumnNotes).
        for box in boxes where box.style.kind != .footnote {
            // The boxes come in text order, each set from its own paragraphs: nothing before
            // this one is asked for again. Kept, a magazine's boxes filled the cache to its
            // budget (some 10 MB) before the first page was laid out.
            framesetter.cache.forget(before: box.range.lowerBound)
            let width = narrowestWidth(of: box)
            let height: Double
            if let known = fitting?.height(of: box.range, width: width) {
                height = known
            } else {
                framesetter.cache.reach.reset()
                height = framesetter.height(of: box, width: width)
                fitting?.record(box.range, read: framesetter.cache.reach.read(in: text, startingAt: box.range.lowerBound), width: width,
                                height: height)
            }
            guard height > leastHeight(for: box) + 0.5 else { continue }
            let pictures = text.attributeRuns(in: box.range).reduce(0.0) { total, run in
                guard run.attributes.image != nil, let delegate = run.attributes.runDelegate else { return total }
                return total + (delegate.ascent + delegate.descent) * Double(run.range.count)
            }
            tooTall.append((box, height, pictures))
        }
        for (box, height, pictures) in tooTall {
            let tallest = leastHeight(for: box)
            let what = "<\(box.style.kind.rawValue)>"
            // The text stays as it is: only the pictures can give up the height, and a picture
            // shrunk below a tenth of its size is no longer worth showing.
            let scale = pictures > 0 ? (tallest - (height - pictures)) / pictures * 0.98 : 0
            guard box.style.kind == .figure, scale >= 0.1 else {
                diagnostics.append(.error(String(format: "this %@ is %.0f pt tall, taller than the %.0f pt it may take on the page; "
                                                 + "a box never splits: shorten its text or make it wider", what, height, tallest),
                                          at: places.place(of: box.style)))
                continue
            }
            scalePictures(in: box, &text) { _, _ in scale }
            diagnostics.append(.warning(String(format: "this %@ is %.0f pt tall, taller than the %.0f pt it may take on the page; "
                                               + "its pictures are scaled to %.0f %%", what, height, tallest, scale * 100),
                                        at: places.place(of: box.style)))
        }
        return diagnostics
    }

    /// Each picture in `box` scaled by the factor `scale` gives it and its paragraph's style (at
    /// most 1), proportions kept.
    private func scalePictures(in box: BoxRange, _ text: inout AttributedText, by scale: (RunDelegate, ParagraphStyle) -> Double) {
        for run in text.attributeRuns(in: box.range) where run.attributes.image != nil {
            guard let delegate = run.attributes.runDelegate, delegate.width > 0 else { continue }
            let factor = scale(delegate, text.paragraphStyle(at: run.range.lowerBound))
            guard factor < 1 else { continue }
            text.modifyAttributes(in: run.range) { $0.runDelegate = delegate.scaled(by: factor) }
        }
    }
}
