import Text

/// What a sequence of the text layer's page needs written before it when it is written after
/// another sequence than the one drawn before it (`PDFTextLayer.endPage`): the operators that
/// take the text state in force to the one the sequence was written in. Its runs leave out
/// whatever their state already held (the font, the letter spacing, the colour, the line's
/// start for a `Td`), so that state must be in force when they are read.
extension PDFTextLayer.TextState {
    /// Writes into `content` what takes `current` to `target`: each value that differs, the
    /// font with its resource name from `fonts`, the opacity and overprinting with their state from
    /// `graphicsStates`, a colour by `colours`; none when they are the same.
    static func transition(from current: Self, to target: Self, fonts: PDFEmbeddedFonts, graphicsStates: TextLayerGraphicsStates,
                           colours: PrintedColours, into content: inout PDFContentBytes) {
        if target.color != current.color { colours.write(target.color, stroke: false, into: &content) }
        if target.paint != current.paint { graphicsStates.set(target.paint, into: &content) }
        if target.strokeColor != current.strokeColor { colours.write(target.strokeColor, stroke: true, into: &content) }
        if target.lineWidth != current.lineWidth {
            content.number(target.lineWidth, decimals: 4)
            content.raw(" w\n")
        }
        if target.roundJoins != current.roundJoins { content.raw(target.roundJoins ? "1 j\n" : "0 j\n") }
        if target.renderingMode != current.renderingMode {
            content.integer(target.renderingMode)
            content.raw(" Tr\n")
        }
        // No font yet (-1): the sequence's first run says its own.
        if target.resource >= 0, target.resource != current.resource || target.size != current.size {
            content.raw(fonts.resourceName(of: target.resource))
            content.number(target.size, decimals: 4)
            content.raw(" Tf\n")
        }
        if target.horizontalScale != current.horizontalScale {
            content.number(target.horizontalScale * 100, decimals: 4)
            content.raw(" Tz\n")
        }
        if target.spacing.letter != current.spacing.letter {
            content.number(target.spacing.letter, decimals: 4)
            content.raw(" Tc\n")
        }
        if target.spacing.word != current.spacing.word {
            content.number(target.spacing.word, decimals: 4)
            content.raw(" Tw\n")
        }
        if target.rise != current.rise {
            content.number(target.rise)
            content.raw(" Ts\n")
        }
        // The line's start, where the sequence's first `Td` moves from (y down, as written), and
        // the pen along it, where its first glyph goes on from when it continues the drawer's line.
        if target.lineX != current.lineX || target.lineY != current.lineY || target.penX != current.penX {
            content.raw("1 0 0 -1")
            content.number(target.lineX)
            content.number(target.lineY)
            content.raw(" Tm\n")
            if let pen = target.penX, pen != target.lineX, target.size > 0 {
                // A number alone moves the pen (ISO 32000-1, 9.4.3), in thousandths of the size, scaled.
                content.raw("[")
                content.number(-(pen - target.lineX) * 1000 / (target.size * target.horizontalScale))
                content.raw("]TJ\n")
            }
        }
    }
}
