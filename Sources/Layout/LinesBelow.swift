import Text

/// The widths of a rectangle's lines after the one being set, which its paragraph's breaks
/// are chosen for: `narrow` beside a drop cap's initial, then all `other`.
struct LinesBelow {
    var narrow: [Double]
    var other: Double

    /// The width of the `index`th line after the one being set, from 0.
    func width(ofLine index: Int) -> Double {
        index < narrow.count ? narrow[index] : other
    }
}

extension LinesBelow {
    /// The lines below one expected on `baseline` in `fragment`: those in bands down to
    /// `zone`'s initial kept clear of it.
    init(in fragment: HorizontalSpan, style: ParagraphStyle, rightToLeft: Bool, zone: InitialZone?, baseline: Double) {
        self.init(narrow: [], other: LineMeasure.otherLines(in: fragment.width, style: style))
        guard let zone, zone.pitch > 0 else { return }
        var measure = LineMeasure(in: fragment, style: style, rightToLeft: rightToLeft, startsParagraph: false)
        zone.clear(&measure)
        let count = Int(((zone.baseline - baseline) / zone.pitch).rounded())
        narrow = Array(repeating: max(1, measure.available), count: min(max(0, count), DropCap.lineRange.upperBound))
    }
}
