import Diagnostics
import Text

/// `<rule pattern="REGEX" …/>`: character attributes for every match of a regular expression
/// in the finished text, applied in the order the rules are written, after the whole
/// document is read (so a rule also styles the text before it).
struct MarkupRule {
    let expression: RegularExpression
    let change: CharacterStyleChange
    /// Where the pattern's value is, for messages.
    private(set) var patternOffset: Int
    private(set) var tagOffset: Int
    /// Where a style sheet's rule is written, for messages; nil for the document's own.
    private(set) var sheetLocation: SourceLocation?
    /// The text an included file's rule styles: its own (`<include>`); nil: all of it.
    var scope: Range<Int>?

    init(expression: RegularExpression, change: CharacterStyleChange, patternOffset: Int, tagOffset: Int) {
        self.expression = expression
        self.change = change
        self.patternOffset = patternOffset
        self.tagOffset = tagOffset
    }

    /// A style sheet's rule, as the file importing the sheet (from `sheet`, at `offset`) applies
    /// it: located at the import, which asks for the faces it chooses; where it is written kept
    /// for messages.
    mutating func moveOrigin(to offset: Int, in sheet: MarkupSource) {
        if sheetLocation == nil { sheetLocation = sheet.location(of: patternOffset) }
        patternOffset = offset
        tagOffset = offset
    }

    /// Matching a rule may take this many of ICU's steps (about 0.1 ms each): 0.2 s, plus
    /// 0.2 s per 1,000,000 characters. Ordinary patterns take far fewer: on a 4.4 MB book the
    /// seeds' highlighting patterns took under 150 steps, `\w+ing\b` 650.
    static func stepLimit(forLength length: Int) -> Int {
        2_000 + length / 500
    }

    /// All of a document's rules together may take five times one rule's steps: 1 s, plus 1 s
    /// per 1,000,000 characters. 200 rules of 0.15 s each, each within its own limit, took 30 s.
    static func totalStepLimit(forLength length: Int) -> Int {
        5 * stepLimit(forLength: length)
    }
}

extension ParseState {
    mutating func addRule(_ tag: Tag) {
        var pattern: TagAttribute?
        var named = CharacterStyleChange()
        var change = CharacterStyleChange()
        for attribute in tag.attributes {
            switch attribute.key {
            case "pattern": pattern = attribute
            case "style":
                switch styleReference(attribute, slantAllowed: true) {
                case .slant(let italic)?: change.italic = italic
                case .named(let style)?: named = style.character
                case nil: break
                }
            default:
                if !change.read(attribute, values) {
                    warnUnknown(attribute, of: tag, known: ["pattern"] + CharacterStyleChange.attributeNames)
                }
            }
        }
        guard let pattern, !pattern.value.isEmpty else {
            return diagnostics.error("<rule> needs a pattern attribute, e.g. <rule pattern=\"\\b[A-Z]{2,}\\b\" color=\"red\"/>", at: tag.offset)
        }
        let expression: RegularExpression
        do throws(RegularExpression.SyntaxError) {
            expression = try RegularExpression(pattern: pattern.value)
        } catch {
            let offset = error.offset.map { diagnostics.source.offset(inValueAt: pattern.valueOffset, decodedOffset: $0) }
            return diagnostics.error("invalid rule pattern: \(error.message)", at: offset ?? pattern.valueOffset)
        }
        change.scaleSize(by: defaults.textScale)
        named.merge(change)
        rules.append(MarkupRule(expression: expression, change: named, patternOffset: pattern.valueOffset, tagOffset: tag.offset))
    }

    /// Applies every rule to the finished text, in order: later rules win where they overlap.
    /// The matches of all rules are cut into pieces that do not overlap, each knowing the rules
    /// over it, and the text's runs are rebuilt once for all of them: thousands of rules cost
    /// their matching, not a rebuild of every run each.
    mutating func applyRules() {
        let storage = builder.text.storage
        guard !storage.isEmpty else { return }
        // ICU matches UTF-16: a text kept a byte a unit is widened once for all the rules.
        let units = rules.isEmpty ? [] : storage.widened
        let stepLimit = MarkupRule.stepLimit(forLength: storage.count)
        var stepsLeft = MarkupRule.totalStepLimit(forLength: storage.count)
        var matches: [[Range<Int>]] = []
        for (index, rule) in rules.enumerated() {
            let written = rule.sheetLocation.map { " (the rule at \($0.file):\($0.line))" } ?? ""
            let limit = min(stepLimit, stepsLeft)
            var found: [Range<Int>] = []
            do throws(RegularExpression.MatchError) {
                guard limit > 0 else { throw .tooSlow }
                stepsLeft -= try rule.expression.forEachMatch(in: units, stepLimit: limit) { match in
                    if rule.scope.map({ $0.contains(match.lowerBound) && match.upperBound <= $0.upperBound }) ?? true { found.append(match) }
                }
            } catch .tooSlow where limit < stepLimit {
                // The rules' time together is used up: this one and those after it are not applied.
                let after = rules.count - index - 1
                let others = after == 0 ? "" : after == 1 ? ", nor is the rule after it" : ", nor are the \(after) rules after it"
                diagnostics.error("the document's rules together may take five times the time of one, and the rules up to this one "
                                  + "took it all: this one is not applied\(others); make the slowest patterns simpler" + written,
                                  at: rule.patternOffset)
                break
            } catch {
                let problem = error == .tooSlow
                    ? "rule pattern is too slow for this document (nested repetitions such as (a+)+ can take exponential time)"
                    : "rule pattern could not be matched"
                diagnostics.error(problem + written, at: rule.patternOffset)
                stepsLeft -= limit
                found = []
            }
            matches.append(found)
        }
        // Rules never matched (the time ran out) match nothing.
        matches += Array(repeating: [], count: rules.count - matches.count)
        let pieces = RulePieces(matches: matches)
        let rules = rules
        builder.modifyAttributes(in: pieces.ranges) { piece, attributes in
            var faceOrigin = rules[pieces.rules[piece].last!].tagOffset
            for index in pieces.rules[piece] {
                let face = attributes.fontRequest
                rules[index].change.apply(to: &attributes)
                if attributes.fontRequest != face { faceOrigin = rules[index].tagOffset }
            }
            return faceOrigin
        }
    }
}
