import CMalloc
import Fonts
import Shaping
import XCTest

final class ShapingTests: XCTestCase {
    private var library: FontLibrary!
    private var shaper: Shaper!

    override func setUpWithError() throws {
        library = try TestSupport.makeFontLibrary()
        shaper = Shaper()
    }

    override func tearDown() {
        shaper = nil
        library = nil
    }

    private func font(_ family: String) throws -> Font {
        let resolution = try library.resolve(family: family)
        XCTAssertFalse(resolution.isFallback, family)
        return resolution.font
    }

    private func shape(_ string: String, _ font: Font, features: FeatureSet = .standard) -> ShapedGlyphs {
        shaper.shape(Array(string.utf16), font: font, features: features)
    }

    func testKerningTightensAV() throws {
        for family in ["Liberation Sans", "TeX Gyre Pagella"] {
            let font = try font(family)
            let pair = shape("AV", font)
            let separate = shape("A", font).totalAdvance + shape("V", font).totalAdvance
            XCTAssertEqual(pair.count, 2, family)
            XCTAssertLessThan(pair.totalAdvance, separate, family)
            // With kerning off the pair is exactly the two letters side by side.
            XCTAssertEqual(shape("AV", font, features: FeatureSet(kerning: false)).totalAdvance, separate, family)
        }
    }

    func testFiBecomesOneLigatureGlyphUnlessLigaturesAreOff() throws {
        let pagella = try font("TeX Gyre Pagella")
        let ligature = shape("fi", pagella)
        XCTAssertEqual(ligature.count, 1)
        XCTAssertEqual(ligature.clusters, [0])
        XCTAssertNotEqual(ligature.glyphIDs[0], 0)

        let separate = shape("fi", pagella, features: FeatureSet(ligatures: false))
        XCTAssertEqual(separate.count, 2)
        XCTAssertEqual(separate.clusters, [0, 1])
        XCTAssertFalse(separate.glyphIDs.contains(ligature.glyphIDs[0]))

        // Inside a word the ligature keeps the clusters of the letters around it.
        let office = shape("office", pagella)
        XCTAssertLessThan(office.count, 6)
        XCTAssertEqual(office.clusters.first, 0)
        XCTAssertEqual(office.clusters.last, 5)
        XCTAssertEqual(office.clusters, office.clusters.sorted())
    }

    func testClustersAreUTF16OffsetsEvenPastANonBMPCharacter() throws {
        let pagella = try font("TeX Gyre Pagella")
        let shaped = shape("a😀b", pagella)
        XCTAssertEqual(shaped.count, 3)
        XCTAssertEqual(shaped.clusters, [0, 1, 3])
        XCTAssertEqual(shaped.glyphIDs[1], 0, "Pagella has no emoji: .notdef")
        XCTAssertNotEqual(shaped.glyphIDs[0], 0)
        XCTAssertNotEqual(shaped.glyphIDs[2], 0)

        let accented = shape("e\u{301}x", pagella)   // e + combining acute: one cluster
        XCTAssertEqual(Set(accented.clusters), [0, 2])
    }

    func testAdvancesAreInFontUnits() throws {
        let pagella = try font("TeX Gyre Pagella")
        let m = shape("M", pagella)
        XCTAssertEqual(m.count, 1)
        // An M is most of an em wide: in font units, between a third and all of the em.
        XCTAssertGreaterThan(Int(m.advances[0]), pagella.unitsPerEm / 3)
        XCTAssertLessThan(Int(m.advances[0]), pagella.unitsPerEm)
        XCTAssertEqual(m.xOffsets, [0])
        XCTAssertEqual(m.yOffsets, [0])
        let space = shape(" ", pagella)
        XCTAssertGreaterThan(space.totalAdvance, 0)
        XCTAssertLessThan(space.totalAdvance, m.totalAdvance)
        XCTAssertEqual(shape("", pagella).count, 0)
    }

    func testSlicesShapeLikeArrays() throws {
        let pagella = try font("TeX Gyre Pagella")
        let units = Array("xx office yy".utf16)
        let slice = units[3 ..< 9]
        XCTAssertEqual(shaper.shape(slice, font: pagella), shape("office", pagella))
        XCTAssertEqual(shaper.shape(slice, font: pagella).clusters.first, 0, "clusters count from the slice's start")
    }

    func testTheCacheReturnsIdenticalResultsAndCountsHits() throws {
        let pagella = try font("TeX Gyre Pagella")
        let arial = try font("Arial")
        let first = shape("zombies", pagella)
        XCTAssertEqual([shaper.cacheHits, shaper.cacheMisses], [0, 1])
        let second = shape("zombies", pagella)
        XCTAssertEqual(first, second)
        XCTAssertEqual([shaper.cacheHits, shaper.cacheMisses], [1, 1])

        // A different font, features or text is a different entry.
        XCTAssertNotEqual(shape("zombies", arial), first)
        _ = shape("zombies", pagella, features: FeatureSet(kerning: false))
        _ = shape("zombie", pagella)
        XCTAssertEqual([shaper.cacheHits, shaper.cacheMisses], [1, 4])

        // A cached result equals a fresh shaping by another shaper.
        XCTAssertEqual(Shaper().shape(Array("zombies".utf16), font: pagella), first)
    }

    /// Bytes of heap in use, small blocks and mapped ones.
    private func heapInUse() -> Int {
        let info = mallinfo2()
        return Int(info.uordblks + info.hblkhd)
    }

    /// Memory follows the budget, not the number of distinct words: a price list of 20,000
    /// part numbers no line repeats keeps no more than the budget — counted, and as the heap
    /// measures it — starting again before a word would take it past, and every word comes
    /// back as a shaper that never forgot shapes it. Arrays that doubled as a word went in
    /// held up to twice the budget.
    func testTheCacheKeepsToItsBudgetInBytesWhateverTheVocabulary() throws {
        let pagella = try font("TeX Gyre Pagella")
        let limited = Shaper()
        limited.cacheBudget = 64 << 10
        let words = (0 ..< 20_000).map { "PN-\($0 * 7919 % 100_003)-office" }
        _ = limited.shape(Array("office".utf16), font: pagella)   // HarfBuzz's own allocations, made once
        let heapBefore = heapInUse() - limited.cacheBytesHeld
        var heldMost = 0, heapMost = 0
        for word in words {
            _ = limited.shape(Array(word.utf16), font: pagella)
            heldMost = max(heldMost, limited.cacheBytesHeld)
            heapMost = max(heapMost, heapInUse() - heapBefore)
        }
        XCTAssertGreaterThan(limited.cacheRestarts, 10)
        XCTAssertLessThanOrEqual(heldMost, limited.cacheBudget)
        // Allowance: malloc's headers on the tables' few dozen blocks.
        XCTAssertLessThanOrEqual(heapMost, limited.cacheBudget + 4 << 10, "counted at most \(heldMost)")
        let unlimited = Shaper()
        for word in words.suffix(500) + words.prefix(500) {
            XCTAssertEqual(limited.shape(Array(word.utf16), font: pagella), unlimited.shape(Array(word.utf16), font: pagella), word)
        }
    }

    /// A book with a reference a verse: the words met again (its vocabulary) outlive the cache's
    /// starts, which the words no other line has (the references) bring on; only those are
    /// shaped more than once, and every word still comes back as a shaper that never forgot
    /// shapes it, within the budget.
    func testWordsMetAgainOutliveTheCachesStarts() throws {
        let pagella = try font("TeX Gyre Pagella")
        let limited = Shaper()
        limited.cacheBudget = 64 << 10
        // "office" and "affluent" take a ligature (whole glyphs kept), the others are plain.
        let vocabulary = ["the", "office", "of", "affluent", "and", "Lord", "unto", "shall", "which", "said"]
        let references = (0 ..< 3_000).map { "Ref\($0 / 31):\($0 % 31)" }
        _ = limited.shape(Array("office".utf16), font: pagella)   // HarfBuzz's own allocations, made once
        let heapBefore = heapInUse() - limited.cacheBytesHeld
        var heldMost = 0, heapMost = 0
        for (index, reference) in references.enumerated() {
            for word in [reference, vocabulary[index % vocabulary.count], vocabulary[(index * 7 + 3) % vocabulary.count]] {
                _ = limited.shape(Array(word.utf16), font: pagella)
                heldMost = max(heldMost, limited.cacheBytesHeld)
                heapMost = max(heapMost, heapInUse() - heapBefore)
            }
        }
        XCTAssertGreaterThan(limited.cacheRestarts, 5)
        XCTAssertEqual(limited.cacheMisses, references.count + vocabulary.count, "the vocabulary shaped once")
        XCTAssertLessThanOrEqual(heldMost, limited.cacheBudget)
        XCTAssertLessThanOrEqual(heapMost, limited.cacheBudget + 4 << 10, "counted at most \(heldMost)")
        let unlimited = Shaper()
        for word in vocabulary + references.suffix(200) + references.prefix(200) {
            XCTAssertEqual(limited.shape(Array(word.utf16), font: pagella), unlimited.shape(Array(word.utf16), font: pagella), word)
        }
    }

    func testGlyphsLentFromTheCacheAreTheShapedGlyphs() throws {
        let pagella = try font("TeX Gyre Pagella")
        let units = Array("xx office yy".utf16)
        var lent: [ShapedGlyph] = []
        shaper.withGlyphs(of: units[3 ..< 9], font: pagella) { lent = Array($0) }
        let shaped = shape("office", pagella)
        XCTAssertEqual(lent.map(\.id), shaped.glyphIDs)
        XCTAssertEqual(lent.map(\.advance), shaped.advances)
        XCTAssertEqual(lent.map(\.cluster), shaped.clusters)
        XCTAssertEqual([shaper.cacheHits, shaper.cacheMisses], [1, 1], "the second time from the cache")
    }

    func testWordsOfOneLengthDifferingInOneUnitAreKeptApart() throws {
        let pagella = try font("TeX Gyre Pagella")
        let context = shaper.context(font: pagella)
        let words = ["office", "offici", "xffice", "offlce"]
        for _ in 0 ..< 2 {
            for word in words {
                var lent: [ShapedGlyph] = []
                Array(word.utf16).withUnsafeBufferPointer { units in shaper.withGlyphs(of: units, in: context) { lent = Array($0) } }
                XCTAssertEqual(lent.map(\.id), Shaper().shape(Array(word.utf16), font: pagella).glyphIDs, word)
            }
        }
        XCTAssertEqual([shaper.cacheHits, shaper.cacheMisses], [4, 4])
    }

    func testContextsTakingTurnsKeepTheirWords() throws {
        let pagella = try font("TeX Gyre Pagella")
        let unkerned = FeatureSet(kerning: false)
        for _ in 0 ..< 3 {
            _ = shape("zombies", pagella)
            _ = shape("-", pagella, features: unkerned)
            _ = shape("-", pagella, features: FeatureSet(ligatures: false))
        }
        XCTAssertEqual([shaper.cacheHits, shaper.cacheMisses], [6, 3])
        XCTAssertEqual(shape("zombies", pagella, features: unkerned), Shaper().shape(Array("zombies".utf16), font: pagella, features: unkerned))
    }

    func testTheCacheStartsAgainAtItsBudget() throws {
        let pagella = try font("TeX Gyre Pagella")
        _ = shape("one", pagella)
        _ = shape("two", pagella)
        shaper.cacheBudget = shaper.cacheBytesHeld - 1
        _ = shape("three", pagella)   // past it: the cache is emptied before this one is kept
        XCTAssertEqual(shaper.cacheRestarts, 1)
        XCTAssertEqual(shaper.cacheMisses, 3)
        _ = shape("three", pagella)
        XCTAssertEqual(shaper.cacheHits, 1)
        let before = shape("one", pagella)
        XCTAssertEqual(shaper.cacheMisses, 4, "one was dropped when the cache started again")
        XCTAssertEqual(before, Shaper().shape(Array("one".utf16), font: pagella))
    }
    /// The glyphs `withGlyphs(of:in:)` lends for the words of `text` (split at spaces).
    private func lentAdvances(_ text: String, in context: ShapingContext) -> [[Int32]] {
        let units = Array(text.utf16)
        var words: [[Int32]] = []
        var start = 0
        for end in units.indices where units[end] == 0x20 || end == units.count - 1 {
            let wordEnd = units[end] == 0x20 ? end : end + 1
            shaper.withGlyphs(of: units[start ..< wordEnd], in: context) { words.append($0.map(\.advance)) }
            start = end + 1
        }
        return words
    }

    func testAContextResolvedOnceShapesAsItsNamedFieldsDo() throws {
        let pagella = try font("TeX Gyre Pagella")
        let unkerned = FeatureSet(kerning: false)
        let context = shaper.context(font: pagella, features: unkerned)
        // More contexts resolved in between than the two the Shaper keeps at hand.
        _ = shape("AVAV", pagella)
        _ = shape("AVAV", pagella, features: FeatureSet(ligatures: false))
        _ = shape("AVAV", try font("Arial"))
        XCTAssertEqual(lentAdvances("AVAV office", in: context),
                       [Shaper().shape(Array("AVAV".utf16), font: pagella, features: unkerned).advances,
                        Shaper().shape(Array("office".utf16), font: pagella, features: unkerned).advances])
        XCTAssertNotEqual(lentAdvances("AVAV", in: context), [shape("AVAV", pagella).advances], "kerned elsewhere")
        let misses = shaper.cacheMisses
        _ = lentAdvances("AVAV", in: shaper.context(font: pagella, features: unkerned))
        XCTAssertEqual(shaper.cacheMisses, misses, "the same context, resolved again, has the words")
    }

    func testAContextHeldWhileTheCacheStartsAgainKeepsWorking() throws {
        let pagella = try font("TeX Gyre Pagella")
        let fresh = { (word: String) in Shaper().shape(Array(word.utf16), font: pagella).advances }
        let context = shaper.context(font: pagella)
        _ = lentAdvances("one two", in: context)
        shaper.cacheBudget = shaper.cacheBytesHeld - 1   // spent: the next new word empties the tables first
        XCTAssertEqual(lentAdvances("three", in: context), [fresh("three")])
        XCTAssertEqual([shaper.cacheHits, shaper.cacheMisses, shaper.cacheRestarts], [0, 3, 1])
        shaper.cacheBudget = Shaper.defaultCacheBudget
        XCTAssertEqual(lentAdvances("three one", in: context), [fresh("three"), fresh("one")])
        XCTAssertEqual([shaper.cacheHits, shaper.cacheMisses], [1, 4], "three found in the held context's table, one dropped")
        XCTAssertEqual(lentAdvances("one", in: context), [fresh("one")])
        XCTAssertEqual(shaper.cacheHits, 2)
    }
}

