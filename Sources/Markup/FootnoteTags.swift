import Diagnostics
import Text

extension ParseState {
    /// `<footnote>…</footnote>`: a marker in the text where the tag is — the note's number
    /// in the `footnote-marks` of `<meta>`, raised as `<sup>` raises — and the text up to
    /// `</footnote>` a note, its mark before it, in the named style `footnote`. The note's
    /// paragraphs follow the marker's paragraph in the text, as a box of their own that the
    /// layout sets at the foot of the column where the marker's line is (see FootnoteText).
    ///
    /// A note makes no sense everywhere LaTeX lets `\footnote` be written: inside another
    /// note, in a heading (its number would follow the heading into the bookmarks), in a
    /// caption, a figure, an aside or a table (boxes and tables are set elsewhere than their
    /// text; LaTeX loses such notes or needs `\footnotemark`) — there it is an error, and the
    /// note's text is kept in the text as it stands.
    mutating func openFootnote(_ tag: Tag) {
        warnAboutAttributes(of: tag)
        if let problem = footnotePlaceProblem() {
            diagnostics.error("a <footnote> cannot be \(problem)", at: tag.offset)
            if openFootnote != nil {
                openFootnote?.tag.nested += 1
            } else {
                openFootnote = (OpenBlockTag(at: tag.offset), isNote: false)
            }
            return
        }
        let location = diagnostics.source.location(of: tag.offset), sourceLine = diagnostics.source.lineText(containing: tag.offset)
        let mark = Array(meta.footnoteMarks.mark(nextFootnoteNumber(at: location, sourceLine: sourceLine)).utf16)
        boxTags.append(tag.offset)
        let style = BoxStyle(number: boxTags.count, kind: .footnote, placement: .footnote(meta.footnotePlacement, maxShare: meta.footnoteMaxShare), margin: 0)
        // The marker: the mark raised, pointing at its note.
        var marker = Self.superscript(builder.attributes)
        marker.footnote = style.number
        let around = builder.attributes
        builder.attributes = marker
        builder.append(SourcedText(mark, madeAt: tag.offset))
        builder.attributes = around
        open(.footnote, at: tag.offset)
        // The note, in the footnote style from the body's, in the text's language, its mark before it.
        let named = namedStyles["footnote"] ?? NamedStyle()
        var paragraphStyle = defaults.paragraphStyle
        named.paragraph.apply(to: &paragraphStyle)
        var noteAttributes = defaults.bodyAttributes
        named.character.apply(to: &noteAttributes)
        noteAttributes.language = builder.attributes.language
        var note = FootnoteText(style: style, paragraphStyle: paragraphStyle, tagOffset: tag.offset)
        note.pieces.append(.text(SourcedText(mark, madeAt: tag.offset), attributes: Self.noteMark(noteAttributes), faceOrigin: nil))
        note.pieces.append(.text(SourcedText([Self.noBreakSpace], madeAt: tag.offset), attributes: noteAttributes, faceOrigin: nil))
        openFootnote = (OpenBlockTag(at: tag.offset), isNote: true)
        builder.attributes = noteAttributes
        builder.beginNote(note)
    }

    /// The number of the note whose tag is at `location`, as `footnote-numbering` counts.
    private mutating func nextFootnoteNumber(at location: SourceLocation, sourceLine: String) -> Int {
        switch meta.footnoteNumbering {
        case .document:
            footnoteCount += 1
        case .section:
            if footnoteSection != sections.count {
                footnoteCount = 0
                footnoteSection = sections.count
            }
            footnoteCount += 1
        case .page:
            footnoteCount = references.numberPageNumberedNote(at: builder.text.length, location: location, sourceLine: sourceLine)
        }
        return footnoteCount
    }

    /// `</footnote>`: the text is the paragraph's again, in the styles before `<footnote>`.
    mutating func closeFootnote(_ tag: Tag) {
        guard let open = openFootnote else {
            return diagnostics.warning("</footnote> without a matching <footnote> ignored", at: tag.offset)
        }
        guard openFootnote?.tag.close() == true else { return }
        openFootnote = nil
        guard open.isNote else { return }
        builder.endNote()
        _ = close(.footnote)
    }

    /// At the end of the document or an article: a note still open ends there, and the notes
    /// of the last paragraph follow it.
    mutating func finishFootnotes(at endOffset: Int) {
        if let open = openFootnote {
            diagnostics.error("<footnote> is never closed; end its note with </footnote>", at: open.tag.tagOffset)
            openFootnote = nil
        }
        builder.addNotesAtTheEnd(madeAt: endOffset)
    }

    /// Why a note cannot begin here, or nil when it can.
    private func footnotePlaceProblem() -> String? {
        if let open = openFootnote {
            return "inside another footnote (the one of line \(diagnostics.source.location(of: open.tag.tagOffset).line) is still open); "
                + "end that one with </footnote> first"
        }
        if isOpen(.caption) { return "in a caption; put it in the text that refers to the picture" }
        if let box = openBox {
            return "inside \(box.kind.tagWithArticle), which is set apart from its text; put it in the text that refers to the \(box.kind.rawValue)"
        }
        if openTable != nil { return "inside a table; put it in the text before or after the table" }
        if builder.paragraphStyle.outlineLevel > 0 {
            return "in a heading (its mark would go into the bookmarks); put it in the text below the heading"
        }
        return nil
    }

    static let noBreakSpace: UInt16 = 0x00A0

    /// A note's mark in `attributes`: raised and made smaller as `<sup>` does, and marked to be
    /// set with the face's superscript glyphs instead where it has them (SuperscriptMarks).
    static func superscript(_ attributes: TextAttributes) -> TextAttributes {
        var mark = shifted(attributes, up: true)
        mark.superscriptMark = SuperscriptMark(fontSize: attributes.fontSize, baselineOffset: attributes.baselineOffset)
        return mark
    }

    /// The mark before a note's text, in the note's `attributes`: as `superscript`, but raised
    /// a third of the note's size (InDesign's superscript position) instead of `<sup>`'s 0.35,
    /// which stands the mark exactly half its own size above the text — the step at which
    /// poppler reads the number as a line apart from the note's first word ("1", "Parish").
    static func noteMark(_ attributes: TextAttributes) -> TextAttributes {
        var mark = superscript(attributes)
        mark.baselineOffset = min(max(attributes.baselineOffset + attributes.fontSize / 3, -1000), 1000)
        return mark
    }
}
