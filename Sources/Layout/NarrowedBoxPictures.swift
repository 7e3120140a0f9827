import Text

/// Pictures in a box set narrower than they were fitted to. Before layout a box's pictures are
/// scaled to the measure of its text at its full width (`fitBoxes`, in Pages); a box placed
/// beside its container's shape or exclusions may be set narrower, in the stretch left there
/// (LineLoop's `clearPlace`), and its pictures would then run past its text, over what is
/// beside it. There its pictures are scaled again, proportions kept, to the measure the box's
/// text has — "a picture wider than its box's text is scaled to it" holds wherever the box is
/// set. The box's text is set by a framesetter of its own over a copy of the text with those
/// pictures scaled (kept by the paragraph cache, by box and width), so that everything the line
/// loop reads of a picture's size — its line's height, its width, its room — is the size it is
/// drawn at. The pages warn of each picture so scaled (TypesetKit's `NarrowedBoxPictureCheck`).
extension Framesetter {
    /// The framesetter that sets `box`'s text in columns `columnWidth` wide: this one when its
    /// pictures fit them, or else one over a copy of the text with them scaled to fit.
    func framesetter(setting box: BoxRange, inColumnsOf columnWidth: Double) -> Framesetter {
        let scales = pictureScales(in: box, columnWidth: columnWidth)
        guard !scales.isEmpty else { return self }
        return cache.framesetter(settingBoxAt: box.range.lowerBound, columnWidth: columnWidth) { fonts, shaper in
            var scaled = text
            for (range, factor) in scales {
                scaled.modifyAttributes(in: range) { $0.runDelegate = $0.runDelegate?.scaled(by: factor) }
            }
            return Framesetter(text: scaled, fonts: fonts, shaper: shaper)
        }
    }

    /// How many points narrower than fitted the most shrunk picture in a box's `frames` is drawn.
    func picturesShrunk(in frames: [Frame]) -> Double {
        frames.flatMap(\.lines).flatMap(\.runs).reduce(0) { shrunk, run in
            guard let drawn = run.runDelegate,
                  let fitted = text.attributes(at: run.stringRange.lowerBound).attributes.runDelegate else { return shrunk }
            return max(shrunk, fitted.width - drawn.width)
        }
    }

    /// Whether `box`'s pictures fit its text at the outer `width` as they were fitted before
    /// layout: a place that holds them so is preferred to a narrower one (see `clearPlace`).
    func picturesFit(in box: BoxRange, width: Double) -> Bool {
        pictureScales(in: box, columnWidth: box.columnWidth(outerWidth: width)).isEmpty
    }

    /// The runs of `box`'s pictures wider than the measure their paragraph has in a column
    /// `columnWidth` wide, each with the factor that scales it to that measure.
    private func pictureScales(in box: BoxRange, columnWidth: Double) -> [(range: Range<Int>, factor: Double)] {
        text.attributeRuns(in: box.range).compactMap { run in
            guard run.attributes.image != nil, let delegate = run.attributes.runDelegate, delegate.width > 0 else { return nil }
            let measure = text.paragraphStyle(at: run.range.lowerBound).narrowestMeasure(in: columnWidth)
            let factor = RunDelegate.scale(ofWidth: delegate.width, toFit: measure)
            return factor < 1 ? (run.range, factor) : nil
        }
    }
}

extension BoxRange {
    /// The width of each of the box's columns when the box is `outerWidth` wide.
    public func columnWidth(outerWidth: Double) -> Double {
        columnWidth(inner: PlacedBox.textRect(of: Rect(x: 0, y: 0, width: outerWidth, height: 0), style: style).width)
    }

    /// The width of each of the box's columns in its text's width `inner` (less border and
    /// padding), shared by its columns and the gutters between them.
    func columnWidth(inner: Double) -> Double {
        max(1, (inner - style.gutter * Double(style.columns - 1)) / Double(style.columns))
    }
}
