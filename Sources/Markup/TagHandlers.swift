import Diagnostics
import Text

/// What each tag does. Unknown tags and attributes are warnings and are ignored; unusable
/// values are errors and leave the style as it was.
extension ParseState {
    static let knownTags = ["font", "a", "p", "b", "i", "u", "s", "sup", "sub", "nobr", "br", "li", "img", "style", "swatch", "rule", "meta",
                            "section", "columnbreak", "pagebreak", "exclusion", "figure", "aside", "caption", "keep",
                            "table", "tr", "td", "th", "footnote", "import", "include", "master", "ref", "contents", "jump", "resume"]

    mutating func handle(_ tag: Tag) {
        guard tableAccepts(tag) else { return }
        if tag.isClosing { return handleClosing(tag) }
        if openElementsAreFull, StyleElement(rawValue: tag.name) != nil { return refuseOpeningPastTheBound(tag) }
        let tag = takeAnchor(from: tag)
        readTint(of: tag)
        switch tag.name {
        case "font": openFont(tag)
        case "a": openLink(tag)
        case "p": openParagraph(tag)
        case "b": openShortcut(tag, .b) { $0.weight = 700 }
        case "i": openShortcut(tag, .i) { $0.italic = true }
        case "u": openShortcut(tag, .u) { $0.underline = .set(.single) }
        case "s": openShortcut(tag, .s) { $0.strike = .set(.single) }
        case "sup", "sub": openShift(tag)
        case "nobr":
            warnAboutAttributes(of: tag)
            open(.nobr)
            builder.attributes.noBreak = true
        case "br":
            warnAboutAttributes(of: tag)
            builder.append(SourcedText([0x2028], madeAt: tag.offset))   // LINE SEPARATOR: a new line, not a new paragraph
        case "li": beginListItem(tag)
        case "img": insertImage(tag)
        case "style": defineStyle(tag)
        case "swatch": declareSwatch(tag)
        case "rule": addRule(tag)
        case "meta": readMeta(tag)
        case "section": openSection(tag)
        case "columnbreak": forceBreak(.column, tag)
        case "pagebreak": forceBreak(.page, tag)
        case "exclusion": declareExclusion(tag)
        case "figure": openBox(tag, kind: .figure)
        case "aside": openBox(tag, kind: .aside)
        case "caption": openCaption(tag)
        case "keep": openKeep(tag)
        case "table": openTable(tag)
        case "tr": openRow(tag)
        case "td", "th": openCell(tag, isHeader: tag.name == "th")
        case "footnote": openFootnote(tag)
        case "import": importSheet(tag)
        case "include": include(tag)
        case "master": openMaster(tag)
        case "ref": insertReference(tag)
        case "contents": insertContents(tag)
        case "jump": jump(tag)
        case "resume": resume(tag)
        default:
            diagnostics.warning("unknown tag <\(tag.name.clipped)> ignored\(Suggestion.hint(for: tag.name, among: Self.knownTags))", at: tag.offset)
        }
    }

    private mutating func handleClosing(_ tag: Tag) {
        if let attribute = tag.attributes.first {
            diagnostics.warning("a closing tag has no attributes; '\(attribute.name.clipped)' ignored", at: attribute.nameOffset)
        }
        switch tag.name {
        case "table": return closeTable(tag)
        case "tr": return closeRow(tag)
        case "td", "th": return closeCell(tag)
        case "footnote": return closeFootnote(tag)
        default: break
        }
        if tag.name == "p" { return closeParagraph(tag) }
        if let element = StyleElement(rawValue: tag.name) {
            if !close(element) { diagnostics.warning("</\(tag.name.clipped)> without a matching <\(tag.name.clipped)> ignored", at: tag.offset) }
            return
        }
        switch tag.name {
        case "li": break   // optional: a list item ends with its paragraph
        case "section": closeSection(tag)
        case "figure": closeBox(tag, kind: .figure)
        case "aside": closeBox(tag, kind: .aside)
        case "keep": closeKeep(tag)
        case "master": diagnostics.warning("</master> without a matching <master> ignored", at: tag.offset)
        case "br", "img", "style", "swatch", "rule", "meta", "columnbreak", "pagebreak", "exclusion", "import", "include", "ref", "contents",
             "jump", "resume":
            diagnostics.warning("</\(tag.name.clipped)> has no effect: <\(tag.name.clipped)> needs no closing tag", at: tag.offset)
        default:
            diagnostics.warning("unknown tag </\(tag.name.clipped)> ignored\(Suggestion.hint(for: tag.name, among: Self.knownTags))", at: tag.offset)
        }
    }

    func warnAboutAttributes(of tag: Tag) {
        for attribute in tag.attributes {
            diagnostics.warning("<\(tag.name.clipped)> takes no attributes; '\(attribute.name.clipped)' ignored", at: attribute.nameOffset)
        }
    }

    // MARK: Character styles

    /// `<font …>`: character attributes, and `style` (a named style, applied first, or italic/normal).
    private mutating func openFont(_ tag: Tag) {
        var change = CharacterStyleChange()
        var named = CharacterStyleChange()
        var faceOffset: Int?
        for attribute in tag.attributes {
            if ["face", "weight", "slant", "style"].contains(attribute.key), faceOffset == nil { faceOffset = attribute.valueOffset }
            if attribute.key == "style" {
                switch styleReference(attribute, slantAllowed: true) {
                case .slant(let italic)?: change.italic = italic
                case .named(let style)?: named = style.character
                case nil: break
                }
            } else if !change.read(attribute, values) {
                warnUnknown(attribute, of: tag, known: CharacterStyleChange.attributeNames)
            }
        }
        change.scaleSize(by: defaults.textScale)
        named.merge(change)
        open(.font)
        apply(named, faceOffset: faceOffset, tagOffset: tag.offset)
    }

    /// `<b>`, `<i>`, `<u>`, `<s>`: one character attribute, until the closing tag.
    private mutating func openShortcut(_ tag: Tag, _ element: StyleElement, _ set: (inout CharacterStyleChange) -> Void) {
        warnAboutAttributes(of: tag)
        var change = CharacterStyleChange()
        set(&change)
        open(element)
        apply(change, faceOffset: nil, tagOffset: tag.offset)
    }

    /// `<sup>` and `<sub>`: 70 % of the size, raised 0.35 em or lowered 0.2 em of the size
    /// around them; never below 1 pt nor beyond ±1000 pt, however deeply they nest.
    private mutating func openShift(_ tag: Tag) {
        warnAboutAttributes(of: tag)
        open(tag.name == "sup" ? .sup : .sub)
        builder.attributes = Self.shifted(builder.attributes, up: tag.name == "sup")
    }

    /// `attributes` as `<sup>` (`up`) or `<sub>` sets them.
    static func shifted(_ attributes: TextAttributes, up: Bool) -> TextAttributes {
        var shifted = attributes
        let size = attributes.fontSize
        let offset = attributes.baselineOffset + (up ? 0.35 : -0.2) * size
        shifted.baselineOffset = min(max(offset, -1000), 1000)
        shifted.fontSize = max(size * 0.7, min(size, 1))
        return shifted
    }

    // MARK: Paragraph styles

    /// `<p …>`: paragraph attributes for the paragraphs that begin from now on; `style`, a
    /// named style whose character attributes apply from the tag and its paragraph attributes
    /// like the tag's own (which win); and `lang`, the language of the text from the tag on
    /// (a paragraph's language is the common case, so it need not be a `<font>`).
    ///
    /// `element` is the tag that closes it (`</caption>` for a caption), and `base` the named
    /// style it starts from when it names none.
    mutating func openParagraph(_ tag: Tag, element: StyleElement = .p, style base: NamedStyle? = nil) {
        var change = ParagraphStyleChange()
        var named = base
        var language: String?
        for attribute in tag.attributes {
            if attribute.key == "style" {
                if case .named(let style)? = styleReference(attribute, slantAllowed: false) { named = style }
            } else if attribute.key == "lang" {
                language = CharacterStyleChange.language(attribute, values) ?? language
            } else if change.read(attribute, values) {
                requestDropCapFace(after: attribute, change.dropCap)
            } else {
                warnUnknown(attribute, of: tag, known: ParagraphStyleChange.attributeNames + ["style", "lang"])
            }
        }
        let inParagraph = isOpen(.p)
        if element == .p { notice(paragraphTag: tag) }
        open(element, at: tag.offset)
        if named?.startsClean == true {
            startClean()
        } else if let named, named != namedStyles["body"] {
            leaveBodyText(inParagraph: inParagraph)
        }
        named?.paragraph.apply(to: &builder.paragraphStyle)
        change.apply(to: &builder.paragraphStyle)
        clampFirstLineToTheColumn(tag)
        if change.dropCap.lines != nil || named?.paragraph.dropCap.lines != nil { builder.dropCaps.origin = tag.offset }
        var character = named?.character ?? CharacterStyleChange()
        character.language = language ?? character.language
        if character != CharacterStyleChange() {
            let styleOffset = tag.attribute("style")?.valueOffset
            apply(character, faceOffset: styleOffset, tagOffset: tag.offset)
        }
    }

    /// A first line that would start left of the column, its indent more negative than the
    /// head indent it hangs from, starts at the column's edge with a warning, as InDesign
    /// keeps a first-line indent within the left indent: set, it printed off the page
    /// (`indent="-1000"`: its 'T' at x = −943 pt).
    private mutating func clampFirstLineToTheColumn(_ tag: Tag) {
        let style = builder.paragraphStyle
        guard style.firstLineIndent < -style.headIndent else { return }
        let said = tag.attribute("indent") ?? tag.attribute("head-indent") ?? tag.attribute("style")
        diagnostics.warning("the first line would start \(ValueReader.format(-style.firstLineIndent - style.headIndent)) pt left of its column "
                            + "(indent \(ValueReader.format(style.firstLineIndent)) pt, head-indent \(ValueReader.format(style.headIndent)) pt); "
                            + "it starts at the column's edge", at: said?.valueOffset ?? tag.offset)
        builder.paragraphStyle.firstLineIndent = -style.headIndent
    }

    // MARK: Lists

    private enum ListType { case bullet, number }

    /// `<li>`: a list item — marker, tab, text — in a paragraph of its own, hanging by `indent`.
    private mutating func beginListItem(_ tag: Tag) {
        var type = ListType.bullet
        var marker: TagAttribute?
        var indent = 18.0
        var start: TagAttribute?
        for attribute in tag.attributes {
            switch attribute.key {
            case "type": type = values.choice(attribute, ["bullet": .bullet, "number": .number]) ?? type
            case "marker":
                if attribute.value.isEmpty { values.error("marker must not be empty (expected a character such as –)", at: attribute) } else { marker = attribute }
            case "indent": indent = values.points(attribute, in: 0 ... 1000) ?? indent
            case "start": start = attribute
            default: warnUnknown(attribute, of: tag, known: ["type", "marker", "indent", "start"])
            }
        }
        var number: Int?
        if type == .number {
            number = builder.listNumber + 1
            if let start, let first = values.number(start, in: 0 ... 1_000_000) {
                if first == first.rounded() { number = Int(first) } else { values.error("start must be a whole number, not \"\(start.value.clipped)\"", at: start) }
            }
            if let marker { diagnostics.warning("marker is for bullet items; numbered items are marked 1., 2., …", at: marker.nameOffset) }
        } else if let start {
            diagnostics.warning("start is for numbered items (type=\"number\"); ignored", at: start.nameOffset)
        }
        let base = builder.paragraphStyle
        var style = base
        style.headIndent = base.headIndent + indent
        style.firstLineIndent = -indent
        style.tabStops = [TabStop(location: style.headIndent)] + base.tabStops.filter { $0.location > style.headIndent }
        // A marker is no initial: a `<p dropcap>` left open over a list would drop its numbers.
        style.dropCap = .none
        // A marker written in the tag is located at its value; a number, the bullet and the tab at the tag.
        var markerText = SourcedText()
        if number == nil, let marker {
            markerText.append(marker.value.utf16, madeAt: marker.valueOffset)
        } else {
            markerText.append((number.map { "\($0)." } ?? "•").utf16, madeAt: tag.offset)
        }
        markerText.append(CollectionOfOne(0x09), madeAt: tag.offset)
        style.listMarkerLength = markerText.units.count
        style.listItemNumber = number
        builder.beginListItem(style: style, number: number, madeAt: tag.offset)
        builder.append(markerText)
    }

    // MARK: Named styles

    /// `<style name="…" …/>`: defines a named style from character and paragraph attributes,
    /// optionally starting from another one (`style="headline"`), or from the defaults rather
    /// than the text around it (`clean="on"`). Sizes are scaled by the text scale, as every
    /// size is. `body` is the style of the text no tag styles (BaseTextStyle).
    private mutating func defineStyle(_ tag: Tag) {
        var name: TagAttribute?
        var base = NamedStyle()
        var own = NamedStyle()
        var clean: Bool?
        for attribute in tag.attributes {
            switch attribute.key {
            case "name": name = attribute
            case "clean": clean = values.boolean(attribute) ?? clean
            case "style":
                switch styleReference(attribute, slantAllowed: true) {
                case .slant(let italic)?: own.character.italic = italic
                case .named(let style)?: base = style
                case nil: break
                }
            default:
                if own.character.read(attribute, values) { continue }
                if own.paragraph.read(attribute, values) {
                    requestDropCapFace(after: attribute, own.paragraph.dropCap)
                } else {
                    warnUnknown(attribute, of: tag, known: ["name", "clean"] + CharacterStyleChange.attributeNames + ParagraphStyleChange.attributeNames)
                }
            }
        }
        guard let name else {
            return diagnostics.error("<style> needs a name attribute, e.g. <style name=\"pullquote\" size=\"16\"/>", at: tag.offset)
        }
        let styleName = name.trimmedValue
        guard !styleName.isEmpty, styleName.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            return values.error("a style name is letters, digits, '-' and '_', not \"\(name.value.clipped)\"", at: name)
        }
        own.character.scaleSize(by: defaults.textScale)
        // A restyled headline is still a bookmark: the level belongs to the name's place in the
        // document, not to its look, and stays unless the definition gives one.
        if own.paragraph.outlineLevel == nil, base.paragraph.outlineLevel == nil {
            own.paragraph.outlineLevel = namedStyles[styleName]?.paragraph.outlineLevel
        }
        base.character.merge(own.character)
        base.paragraph.merge(own.paragraph)
        // A style opens with a drop cap only when it (or the style it starts from) asks for one,
        // as the predefined styles do: a `<p dropcap>` left open would otherwise set an initial
        // on every line of a poem set in a `verse` style after it. `body` is the running text.
        if styleName.lowercased() != "body", base.paragraph.dropCap.lines == nil {
            base.paragraph.dropCap.lines = DropCap.none.lines
        }
        base.startsClean = clean ?? base.startsClean
        let key = "style \(styleName.lowercased())"
        guard !includerKeepsDefinition(key, what: "style \"\(styleName)\"", at: name.valueOffset) else { return }
        namedStyles.define(styleName, as: base)
        diagnostics.defined("style", named: styleName, at: name.valueOffset)
        noteDefinition(key, what: "style \"\(styleName)\"", at: name.valueOffset)
        if styleName.lowercased() == "body", !isStyleSheet { restyleBaseText(at: tag.offset) }
    }
}
