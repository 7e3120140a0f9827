import Fonts
import Layout
import Render

/// "Nothing printed over anything": no glyph's ink over the ink of a glyph of another line, or
/// of another word of its own line set over it (their advances overlapping: kerning and a
/// ligature's parts overlap within a word by design; words never do), over a picture's visible
/// part, or over a figure's or an aside's border or a table's rule, or over a master page's
/// picture or rule.
///
/// Ink boxes are the outlines' boxes, larger than the ink itself (a g's box spans its bowl and
/// its tail), so two lines' boxes may overlap without a mark touching: an accent over a
/// capital reaching into the line above's descender zone under tight leading (11/12), as
/// InDesign and a typesetter set it. Where two lines' boxes overlap, the depth is that of the
/// ink inside the overlap, from the outlines; the tolerances are rounding's, not typography's.
struct InkOverlapCheck {
    /// How deep the ink boxes of two lines' glyphs may overlap: half a point, well under a
    /// pixel at 72 dpi.
    static let glyphTolerance = 0.5
    /// How deep a glyph's ink box may reach into a picture's opaque part: a picture is scaled
    /// to its column, and half a point is well under a pixel at 72 dpi.
    static let pictureTolerance = 0.5
    /// How deep a glyph's ink box may reach into a border's stroke.
    static let borderTolerance = 0.1

    func findings(on page: DrawnPage, text: CheckedText) -> [PageFinding] {
        glyphsOverGlyphs(on: page, text: text) + glyphsOverObstacles(on: page, text: text)
    }

    /// Glyphs of different lines whose ink boxes overlap: a sweep down the page over the
    /// glyphs sorted by their tops, each compared only with those still reaching below it.
    private func glyphsOverGlyphs(on page: DrawnPage, text: CheckedText) -> [PageFinding] {
        let glyphs = page.glyphs
        let order = glyphs.indices.sorted { glyphs[$0].ink.minY < glyphs[$1].ink.minY }
        var active: [Int] = []
        var found: [PageFinding] = []
        for index in order {
            let glyph = glyphs[index]
            active.removeAll { glyphs[$0].ink.maxY <= glyph.ink.minY + Self.glyphTolerance }
            for other in active {
                let first = glyphs[other]
                let sameLine = first.line == glyph.line
                // In one line, words are set on top of each other when their glyphs' advances
                // overlap; ink alone may reach over a neighbour by design (a big italic f's tail
                // under a full stop that bidi puts before it).
                if sameLine {
                    guard let a = page.documentCharacter(of: glyph), let b = page.documentCharacter(of: first),
                          text.inDifferentWords(a, b),
                          min(glyph.advanceMaxX, first.advanceMaxX) - max(glyph.advanceMinX, first.advanceMinX) > Self.glyphTolerance
                    else { continue }
                }
                var depth = glyph.ink.overlapDepth(first.ink)
                guard depth > Self.glyphTolerance else { continue }
                if !sameLine {
                    depth = Self.inkOverlapDepth(glyph, first)
                    guard depth > Self.glyphTolerance else { continue }
                }
                found.append(PageFinding(
                    page: page.number, kind: .inkOverInk,
                    detail: "glyph \(text.quoted(glyph, on: page)) \(PageFinding.describe(glyph.ink)) over glyph "
                        + "\(text.quoted(first, on: page)) \(PageFinding.describe(first.ink)) of \(sameLine ? "another word" : "another line"), "
                        + "\(String(format: "%.1f", depth)) pt deep" + page.overfullTableNote(glyph, first),
                    character: page.documentCharacter(of: glyph) ?? page.documentCharacter(of: first)))
            }
            active.append(index)
        }
        return found
    }

    /// How deep the ink of `a` and `b` overlap where their boxes do, by their outlines
    /// (`InkMark.overlapDepth`, the rule layout keeps).
    static func inkOverlapDepth(_ a: DrawnPage.Glyph, _ b: DrawnPage.Glyph) -> Double {
        InkMark.overlapDepth(mark(of: a), mark(of: b))
    }

    private static func mark(of glyph: DrawnPage.Glyph) -> InkMark {
        InkMark(glyph: glyph.glyph, of: glyph.font, size: glyph.size, at: glyph.origin, horizontalScale: glyph.horizontalScale,
                box: glyph.ink)
    }

    /// Glyphs over a picture's opaque part, a box's border or a table's rule.
    private func glyphsOverObstacles(on page: DrawnPage, text: CheckedText) -> [PageFinding] {
        var found: [PageFinding] = []
        for glyph in page.glyphs {
            for picture in page.pictures {
                // By the glyph's outline where its box meets the picture, as layout keeps a line's
                // ink clear of a picture in the line above (`LineSkip`): the box of an italic 'g'
                // reached 0.6 pt into the corner of a picture its tail curls away from (seed 3339).
                guard picture.rect.overlapDepth(glyph.ink) > Self.pictureTolerance,
                      let part = picture.visible.first(where: {
                          $0.overlapDepth(glyph.ink) > Self.pictureTolerance
                              && InkMark.overlapDepth(Self.mark(of: glyph), InkMark(solid: $0)) > Self.pictureTolerance
                      }) else { continue }
                found.append(PageFinding(
                    page: page.number, kind: .inkOverPicture,
                    detail: "glyph \(text.quoted(glyph, on: page)) \(PageFinding.describe(glyph.ink)) over the picture at "
                        + "\(text.place(of: picture.anchor)) \(PageFinding.describe(part))",
                    character: page.documentCharacter(of: glyph) ?? picture.anchor, subject: picture.anchor))
            }
            for box in page.boxes {
                guard let stroke = box.border.first(where: { $0.overlapDepth(glyph.ink) > Self.borderTolerance }) else { continue }
                found.append(PageFinding(
                    page: page.number, kind: .inkOverBorder,
                    detail: "glyph \(text.quoted(glyph, on: page)) \(PageFinding.describe(glyph.ink)) over the border of the box at "
                        + "\(text.place(of: box.anchor)) \(PageFinding.describe(stroke))",
                    character: page.documentCharacter(of: glyph) ?? box.anchor, subject: box.anchor))
            }
            for furniture in page.furniture where furniture.rect.overlapDepth(glyph.ink) > Self.pictureTolerance {
                found.append(PageFinding(
                    page: page.number, kind: .inkOverFurniture,
                    detail: "glyph \(text.quoted(glyph, on: page)) \(PageFinding.describe(glyph.ink)) over \(furniture.description) "
                        + PageFinding.describe(furniture.rect),
                    character: page.documentCharacter(of: glyph)))
            }
            for rule in page.tableRules where rule.rect.overlapDepth(glyph.ink) > Self.borderTolerance {
                found.append(PageFinding(
                    page: page.number, kind: .inkOverBorder,
                    detail: "glyph \(text.quoted(glyph, on: page)) \(PageFinding.describe(glyph.ink)) over a rule of the table at "
                        + "\(text.place(of: rule.anchor)) \(PageFinding.describe(rule.rect))",
                    character: page.documentCharacter(of: glyph) ?? rule.anchor, subject: rule.anchor))
            }
        }
        return found
    }
}
