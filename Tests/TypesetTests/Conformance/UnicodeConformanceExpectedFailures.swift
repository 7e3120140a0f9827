/// The places where ICU 72, as typeset calls it, answers differently from Unicode 15.0's own
/// conformance files, each recognised by the rule and characters involved, with its reason and
/// how many places it covers. docs/conformance.md explains each with its sources.
///
/// The tests fail on a difference no entry explains, and on an entry whose count changes: when
/// ICU stops differing somewhere (a newer ICU, a fixed wrapper), the list must shrink with it.
struct ExpectedDifference<Place> {
    var name: String
    var reason: String
    var count: Int
    var explains: (Place) -> Bool
}

// MARK: - LineBreakTest.txt

/// A boundary of a LineBreakTest.txt case: position p lies between code points p - 1 and p.
struct LineBreakPlace {
    var testCase: LineBreakCase
    var position: Int

    /// The Line_Break class the file resolves a code point to: "CM1_CM" is a CM, "AI_AL" an AL.
    func resolvedClass(_ index: Int) -> Substring {
        testCase.classes[index].split(separator: "_").last ?? ""
    }

    /// The first code point before `index` that is not a combining mark (LB9 attaches marks to
    /// their base), or nil at the start of text.
    func baseBefore(_ index: Int) -> Int? {
        var i = index - 1
        while i >= 0, resolvedClass(i) == "CM" { i -= 1 }
        return i >= 0 ? i : nil
    }

    /// The first code point at or after `index` that is not a combining mark.
    func baseFrom(_ index: Int) -> Int? {
        var i = index
        while i < testCase.scalars.count, resolvedClass(i) == "CM" { i += 1 }
        return i < testCase.scalars.count ? i : nil
    }

    var fileBreaks: Bool { testCase.breaks[position] }

    /// Whether the boundary has a code point after it (not the end of text).
    var isInside: Bool { position > 0 && position < testCase.scalars.count }
}

/// ICU's root line-break rules (line.txt, which "en" uses) differ from UAX #14 15.0 in two
/// documented places; these entries are those rules, read off the file's own classes, and they
/// hold exactly where ICU and the file disagree (the test checks both directions).
let lineBreakDifferences: [ExpectedDifference<LineBreakPlace>] = [
    ExpectedDifference(
        name: "ICU-8151 hyphen before a letter",
        reason: "ICU's rule `^($HY | $HH) $CM* $ALPlus` keeps a hyphen that begins a segment with the "
            + "letter after it (\"-foo\"), a Finnish tailoring moved to ICU's root rules in ICU 63; "
            + "UAX #14 15.0 breaks there (LB31); UAX #14 later adopted ICU's rule as LB20a.",
        count: 8,
        explains: { place in
            guard place.isInside, place.fileBreaks, place.resolvedClass(place.position) == "AL",
                  let hyphen = place.baseBefore(place.position),
                  place.testCase.classes[hyphen] == "HY" || place.testCase.scalars[hyphen] == "\u{2010}" else { return false }
            return hyphen == 0 || place.testCase.breaks[hyphen]
        }),
    ExpectedDifference(
        name: "ICU-12017 number starting with a separator",
        reason: "ICU's LB25 number expression allows an infix separator before the first digit, "
            + "`($IS $CM*)? $NU`, so \".5\" and \",0\" stay whole; UAX #14 15.0's example-7 expression "
            + "starts with a digit and breaks between IS and NU (LB31).",
        count: 14,
        explains: { place in
            guard place.isInside, place.fileBreaks, place.resolvedClass(place.position) == "NU",
                  let separator = place.baseBefore(place.position) else { return false }
            return place.resolvedClass(separator) == "IS"
        }),
    ExpectedDifference(
        name: "ICU-12017 break before a decimal point after a space",
        reason: "ICU breaks between a space and an infix separator that begins a number "
            + "(`$SP $IS / [^ $CanFollowIS $NU $CM]` lets only other followers stay), so \" .35\" "
            + "moves as a whole; UAX #14 15.0's LB13 forbids any break before IS (later versions "
            + "adopted ICU's behaviour as LB15c).",
        count: 1,
        explains: { place in
            let p = place.position
            guard place.isInside, !place.fileBreaks,
                  place.resolvedClass(p) == "IS", place.resolvedClass(p - 1) == "SP",
                  let next = place.baseFrom(p + 1) else { return false }
            return place.resolvedClass(next) == "NU"
        }),
]

// MARK: - BidiCharacterTest.txt

/// One BidiCharacterTest.txt case as BidiParagraph resolved it.
struct BidiOutcome {
    var testCase: BidiCharacterCase
    /// The level of each code point (that of its first UTF-16 unit).
    var levels: [UInt8]
    /// Code points, not removed by X9, whose level differs from the file's.
    var wrongLevels: [Int]
    var orderMatches: Bool

    var hasOverride: Bool { testCase.scalars.contains { $0 == "\u{202D}" || $0 == "\u{202E}" } }

    /// Brackets are recognised by General_Category Ps or Pe, which every paired bracket has
    /// (BidiBrackets.txt); no other Ps or Pe character occurs in the cases this is used for.
    static func isBracket(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return category == .openPunctuation || category == .closePunctuation
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return category == .nonspacingMark || category == .enclosingMark
    }

    /// The nearest code point before `index` that rule X9 does not remove.
    func keptBefore(_ index: Int) -> Int? {
        var i = index - 1
        while i >= 0, testCase.levels[i] == nil { i -= 1 }
        return i >= 0 ? i : nil
    }
}

/// ICU's ubidi implements UAX #9 as of Unicode 6.3 in four details that Unicode 8.0 changed (the
/// file's section "Test cases for the algorithm changes and clarifications made in Unicode
/// 8.0"), and documents one shortcut for unidirectional text.
let bidiDifferences: [ExpectedDifference<BidiOutcome>] = [
    ExpectedDifference(
        name: "ICU shortcut for unidirectional text",
        reason: "ubidi_setPara (unicode/ubidi.h): when the whole text has one direction, ICU may "
            + "give every character the paragraph level instead of the embedding levels of LRE/LRO "
            + "runs; display is the same (the visual order still matches).",
        count: 1,
        explains: { outcome in
            let expected = outcome.testCase.levels.compactMap { $0 }
            let kept = outcome.testCase.levels.indices.filter { outcome.testCase.levels[$0] != nil }
            return outcome.orderMatches
                && Set(expected.map { $0 & 1 }).count == 1
                && kept.allSatisfy { outcome.levels[$0] == outcome.testCase.paragraphLevel }
        }),
    ExpectedDifference(
        name: "UBA 8.0 X5a-X5c, X6a: overrides apply to isolate initiators and PDI",
        reason: "Since Unicode 8.0 an LRI/RLI/FSI or PDI inside an LRO/RLO takes the override's "
            + "direction; ICU gives them their level without the override, so they resolve as neutrals.",
        count: 4,
        explains: { outcome in
            outcome.hasOverride && !outcome.wrongLevels.isEmpty
                && outcome.wrongLevels.allSatisfy { (0x2066 ... 0x2069).contains(outcome.testCase.scalars[$0].value) }
        }),
    ExpectedDifference(
        name: "UBA 8.0 BD16: overridden brackets are not paired",
        reason: "Since Unicode 8.0 only characters whose current class is ON pair as brackets, so a "
            + "bracket under LRO/RLO is an L or R; ICU pairs brackets by their original class.",
        count: 16,
        explains: { outcome in
            outcome.hasOverride && !outcome.wrongLevels.isEmpty
                && outcome.wrongLevels.allSatisfy { BidiOutcome.isBracket(outcome.testCase.scalars[$0]) }
        }),
    ExpectedDifference(
        name: "UBA 8.0 N0: marks after a bracket take its direction",
        reason: "Since Unicode 8.0 nonspacing marks after a bracket that N0 made L or R become L or "
            + "R too; ICU deliberately keeps them neutral (ubidi.cpp, bracketProcessChar: \"change "
            + "NSM to ON so that it will stay ON even if the last real char is a bracket\").",
        count: 9,
        explains: { outcome in
            !outcome.wrongLevels.isEmpty && outcome.wrongLevels.allSatisfy { index in
                // The mark's base: back over other marks and what X9 removes (ZWJ, ZWSP).
                let scalars = outcome.testCase.scalars
                guard BidiOutcome.isMark(scalars[index]) else { return false }
                var base = outcome.keptBefore(index)
                while let i = base, BidiOutcome.isMark(scalars[i]) { base = outcome.keptBefore(i) }
                return base.map { BidiOutcome.isBracket(scalars[$0]) } ?? false
            }
        }),
    ExpectedDifference(
        name: "UBA 8.0 BD16: bracket stack of 63",
        reason: "Since Unicode 8.0 bracket pairing stops for the rest of the isolating run sequence "
            + "when a 64th opening bracket would overflow a 63-entry stack; ICU's stack grows, so it "
            + "pairs them all.",
        count: 1,
        explains: { outcome in
            let openings = outcome.testCase.scalars.filter { $0.properties.generalCategory == .openPunctuation }.count
            return openings > 63 && !outcome.wrongLevels.isEmpty
                && outcome.wrongLevels.allSatisfy { BidiOutcome.isBracket(outcome.testCase.scalars[$0]) }
        }),
]
