import Images
import Text

/// Reads `<img crop="L T R B">` and `focus="X% Y%"`. A crop's sides are percentages of the
/// picture's width (left, right) and height (top, bottom), or lengths in the picture's own
/// units, as its maker measures it in an editor: pixels for a JPEG, PNG or SVG (CSS pixels),
/// points for a PDF page. A bad value is an error at the attribute, which names it.
extension ValueReader {
    /// The crop `attribute` gives a picture of `info`; nil after an error.
    func crop(_ attribute: TagAttribute, of info: PictureInfo) -> PictureCrop? {
        let sides = attribute.value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })
        guard sides.count == 4 else {
            error("crop must be four values, left top right bottom (\"10% 0 10% 5%\", or lengths in \(info.ownUnit)), "
                  + "not \"\(attribute.value.clipped)\"", at: attribute)
            return nil
        }
        let own = info.sizeInOwnUnits
        var fractions: [Double] = []
        for (index, side) in sides.enumerated() {
            let across = index % 2 == 0
            guard let fraction = cropFraction(String(side), of: across ? own.width : own.height, unit: info.ownUnit, attribute) else { return nil }
            fractions.append(fraction)
        }
        let crop = PictureCrop(left: fractions[0], top: fractions[1], right: fractions[2], bottom: fractions[3])
        // A sliver thinner than a hundredth of a point at the picture's own size is nothing left.
        let leastKept = ValueReader.smallestPositive / max(own.width, own.height)
        guard crop.keptWidth > leastKept, crop.keptHeight > leastKept else {
            let side = crop.keptWidth > leastKept ? "top and bottom" : "left and right"
            error("crop \"\(attribute.value.trimmingSpaces().clipped)\" leaves nothing of the picture (\(info.sizeDescription)): "
                  + "its \(side) together cut off all of it", at: attribute)
            return nil
        }
        return crop
    }

    /// One side of a crop as a fraction of `length`, the picture's side in `unit`.
    private func cropFraction(_ text: String, of length: Double, unit: String, _ attribute: TagAttribute) -> Double? {
        let lowered = text.lowercased()
        if lowered.hasSuffix("%") {
            guard let percent = NumberSyntax.parse(String(lowered.dropLast())), (0 ... 100).contains(percent) else {
                error("crop \"\(text.clipped)\" must be a percentage from 0% to 100%", at: attribute)
                return nil
            }
            return percent / 100
        }
        let number = lowered.hasSuffix(unit) ? String(lowered.dropLast(unit.count)) : lowered
        guard let value = NumberSyntax.parse(number) else {
            error("crop \"\(text.clipped)\" must be a percentage or a length in the picture's own unit, \(unit) (no other unit)", at: attribute)
            return nil
        }
        guard value >= 0, value <= length else {
            error("crop \"\(text.clipped)\" must be from 0 to \(ValueReader.format((length * 100).rounded() / 100)) \(unit), the picture's side", at: attribute)
            return nil
        }
        return value / length
    }

    /// The focus `attribute` gives: two percentages, across and down; nil after an error.
    func focus(_ attribute: TagAttribute) -> PictureFocus? {
        let parts = attribute.value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })
        let percents = parts.map { part -> Double? in
            guard part.hasSuffix("%"), let value = NumberSyntax.parse(String(part.dropLast())), (0 ... 100).contains(value) else { return nil }
            return value / 100
        }
        guard percents.count == 2, let x = percents[0], let y = percents[1] else {
            error("focus must be two percentages from 0% to 100%, across and down (\"50% 30%\"), not \"\(attribute.value.clipped)\"", at: attribute)
            return nil
        }
        return PictureFocus(x: x, y: y)
    }
}

extension PictureInfo {
    /// The unit its maker measures it in: a raster's pixels, an SVG's CSS pixels, a PDF's points.
    var ownUnit: String {
        if case .vector(let vector) = self, vector.kind == .pdf { return "pt" }
        return "px"
    }

    /// Its size in that unit.
    var sizeInOwnUnits: (width: Double, height: Double) {
        guard case .vector(let vector) = self, vector.kind == .svg else { return naturalSize }
        return (vector.width / VectorFile.pointsPerSVGPixel, vector.height / VectorFile.pointsPerSVGPixel)
    }
}
