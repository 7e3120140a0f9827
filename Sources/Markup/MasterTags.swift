import Diagnostics
import Foundation
import Images
import Text

/// A `<master>` being read, up to its `</master>`: what it declares so far (nil when its tag
/// was unusable: its items are still read, for their own errors).
struct OpenMaster {
    var tagOffset: Int
    var master: MasterPage?
    /// Its name, once read, for the message at a use of a master whose declaration failed.
    var name: String?
}

/// `<master name="feature" columns="3" margin="…" header="…" footer="…">` with its furniture — `<img>`, `<rule>`,
/// `<tint>` — up to `</master>`: a declaration, read whole here (a style sheet may hold it),
/// and `master="…"` on `<section>` and `<pagebreak>`, which switch to one.
extension ParseState {
    static let masterAttributeNames = ["name", "header", "footer", "columns", "gutter", "margin"]
    /// The furniture a master holds, as the tags name it.
    static let masterItemTags = ["img", "rule", "tint", "text"]
    static let masterPlaceAttributeNames = ["at", "of", "width", "height"]

    /// `<master …>`: before the text, like `<meta>`, since it concerns every page that uses it.
    mutating func openMaster(_ tag: Tag) {
        openMaster = OpenMaster(tagOffset: tag.offset, master: nil)
        guard !fileHasText else {
            return diagnostics.error("<master> must come before the text: declare master pages with the document's other declarations",
                                     at: tag.offset)
        }
        var name: TagAttribute?
        var master = MasterPage(name: "")
        var isUsable = true
        for attribute in tag.attributes {
            switch attribute.key {
            case "name": name = attribute
            case "header", "footer":
                guard let template = runningTemplate(attribute) else { isUsable = false; continue }
                if attribute.key == "header" { master.header = template.isEmpty ? nil : template } else {
                    master.footer = template.isEmpty ? nil : template
                }
            case "columns":
                guard let columns = values.wholeNumber(attribute, in: 1 ... Self.maximumSectionColumns) else { isUsable = false; continue }
                master.frame.columns = columns
            case "gutter":
                guard let gutter = values.points(attribute, in: 0 ... ParagraphStyleChange.maximumLength) else { isUsable = false; continue }
                master.frame.gutter = gutter
            case "margin":
                guard let margins = masterMargins(attribute) else { isUsable = false; continue }
                master.frame.margins = margins
            default: warnUnknown(attribute, of: tag, known: Self.masterAttributeNames)
            }
        }
        guard let name else {
            return diagnostics.error("<master> needs a name attribute, e.g. <master name=\"feature\" footer=\"|{page}\">", at: tag.offset)
        }
        master.name = name.trimmedValue
        openMaster?.name = master.name
        guard !master.name.isEmpty, master.name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            return values.error("a master's name is letters, digits, '-' and '_', not \"\(name.value.clipped)\"", at: name)
        }
        master.declaration = diagnostics.source.place(of: tag.offset)
        if isUsable { openMaster?.master = master }
    }

    /// `margin="…"`: one to four lengths in CSS's order — all four; top and bottom, right and
    /// left; top, right and left, bottom; top, right, bottom, left — as a right-hand page has
    /// them (its left margin is the inner one with facing pages).
    private func masterMargins(_ attribute: TagAttribute) -> Margins? {
        let parts = attribute.value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })
        guard (1 ... 4).contains(parts.count) else {
            values.error("margin is one to four lengths — all, top-and-bottom and sides, or top, right, bottom and left "
                         + "(\"36\", \"48 36\", \"20mm 15mm 25mm 18mm\") — not \"\(attribute.value.clipped)\"", at: attribute)
            return nil
        }
        var lengths: [Double] = []
        for part in parts {
            guard let length = try? Length(parsing: String(part)), length.points >= 0,
                  length.points <= ParagraphStyleChange.maximumLength else {
                values.error("margin \"\(String(part).clipped)\" must be a length of 0 or more (\(LengthUnit.accepted)), "
                             + "at most \(ValueReader.format(ParagraphStyleChange.maximumLength)) pt", at: attribute)
                return nil
            }
            lengths.append(length.points)
        }
        let (top, right) = (lengths[0], lengths.count > 1 ? lengths[1] : lengths[0])
        let bottom = lengths.count > 2 ? lengths[2] : top
        let left = lengths.count > 3 ? lengths[3] : right
        return Margins(top: top, right: right, bottom: bottom, left: left)
    }

    /// A token between `<master>` and `</master>`: an item, the closing tag, white space or a
    /// comment. Anything else is an error: a master prints only its furniture and its heads.
    mutating func readMasterContent(_ token: MarkupToken, text: SourcedText) {
        switch token {
        case .comment:
            break
        case .text:
            guard let printing = text.units.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
                  let origin = text.origins.origin(of: printing) else { return }
            diagnostics.error("a <master> holds only its furniture (\(Self.masterItemList)), not text: "
                              + "print text on its pages with header=\"…\" and footer=\"…\"", at: origin.sourceOffset)
        case .tag(let tag) where tag.isClosing && tag.name == "master":
            closeMaster()
        case .tag(let tag) where tag.isClosing && Self.masterItemTags.contains(tag.name):
            diagnostics.warning("</\(tag.name.clipped)> has no effect: <\(tag.name.clipped)> needs no closing tag", at: tag.offset)
        case .tag(let tag) where !tag.isClosing && Self.masterItemTags.contains(tag.name):
            // A rule's or a tint's swatch at `tint="35%"`, as on any tag that takes a colour.
            readTint(of: tag)
            guard let item = masterItem(tag) else {
                openMaster?.master = nil   // one bad item: the master is not declared, and every use of it says why
                return
            }
            openMaster?.master?.items.append(item)
        case .tag(let tag):
            let line = diagnostics.source.location(of: openMaster?.tagOffset ?? 0).line
            diagnostics.error("<\(tag.isClosing ? "/" : "")\(tag.name.clipped)> cannot be inside a <master> (the one of line \(line)): "
                              + "a master holds \(Self.masterItemList); end it with </master>", at: tag.offset)
        }
    }

    /// `</master>`: the master is declared, replacing one of the same name.
    mutating func closeMaster() {
        defer { openMaster = nil }
        guard let open = openMaster, let master = open.master else {
            if let name = openMaster?.name { undeclaredMasters.insert(name) }
            return
        }
        let key = "master \(master.name)", what = "<master name=\"\(master.name.clipped)\">"
        guard !includerKeepsDefinition(key, what: what, at: open.tagOffset) else { return }
        meta.masters.removeAll { $0.name == master.name }
        meta.masters.append(master)
        noteDefinition(key, what: what, at: open.tagOffset)
        undeclaredMasters.remove(master.name)
    }

    /// At the end of a document or a sheet: a `<master>` never closed declares nothing.
    mutating func finishMaster() {
        guard let open = openMaster else { return }
        diagnostics.error("<master> is never closed: end its furniture with </master>", at: open.tagOffset)
        openMaster = nil
    }

    /// The master `attribute` names (`<section master="feature">`); nil after an error there.
    func master(named attribute: TagAttribute) -> MasterPage? {
        let name = attribute.trimmedValue
        if let master = meta.masters.last(where: { $0.name == name }) { return master }
        let names = meta.masters.map(\.name)
        let known = names.isEmpty ? "no master pages are declared; declare one with <master name=\"\(name.clipped)\">…</master> before the text"
            : "the masters are \(names.map { "\"\($0)\"" }.joined(separator: ", "))"
        let hint = Suggestion.closest(to: name, among: names).map { " (did you mean \"\($0)\"?)" } ?? ""
        let why = undeclaredMasters.contains(name) ? "master \"\(name.clipped)\" has errors in its declaration, so it is not declared"
            : "unknown master \"\(name.clipped)\"\(hint); \(known)"
        values.error(why, at: attribute)
        return nil
    }

    private static var masterItemList: String { masterItemTags.map { "<\($0)>" }.joined(separator: ", ") }

    /// One item of furniture, or nil after an error at its cause.
    private mutating func masterItem(_ tag: Tag) -> MasterItem? {
        var placeAttributes: [String: TagAttribute] = [:]
        var others: [String: TagAttribute] = [:]
        let own: [String] = switch tag.name {
        case "img": ["src"]
        case "rule": ["thickness", "color"]
        case "text": ["content", "style"]
        default: ["color"]
        }
        for attribute in tag.attributes {
            if Self.masterPlaceAttributeNames.contains(attribute.key) { placeAttributes[attribute.key] = attribute }
            else if own.contains(attribute.key) { others[attribute.key] = attribute }
            else { warnUnknown(attribute, of: tag, known: Self.masterPlaceAttributeNames + own) }
        }
        var place = MasterPlace(width: .fraction(1), height: nil)
        var isUsable = true
        if let at = placeAttributes["at"] {
            if let (x, y) = position(at) { (place.x, place.y) = (x, y) } else { isUsable = false }
        }
        if let of = placeAttributes["of"] {
            if let reference = values.choice(of, MasterPlace.Reference.self) { place.reference = reference } else { isUsable = false }
        }
        var width: MasterPlace.Distance?, height: MasterPlace.Distance?
        for (attribute, side) in [(placeAttributes["width"], "width"), (placeAttributes["height"], "height")] {
            guard let attribute else { continue }
            guard let distance = distance(attribute, along: side) else { isUsable = false; continue }
            if side == "width" { width = distance } else { height = distance }
        }
        switch tag.name {
        case "img":
            guard let picture = masterPicture(tag, source: others["src"]), isUsable else { return nil }
            (place.width, place.height, place.aspect) = (width, height, picture.aspect)
            if width == nil, height == nil { (place.width, place.height) = (.points(picture.size.width), .points(picture.size.height)) }
            return MasterItem(content: .picture(picture.attachment), place: place)
        case "text":
            guard var text = masterText(tag, content: others["content"], style: others["style"]), isUsable else { return nil }
            text.text.declaration = diagnostics.source.place(of: tag.offset)
            // As tall as its line, unless given: the room it keeps the text out of.
            (place.width, place.height) = (width ?? .fraction(1), height ?? .points(text.size * Self.masterTextLeading))
            return MasterItem(content: .text(text.text), place: place)
        case "rule":
            var thickness = 0.5
            if let given = others["thickness"] {
                guard let points = values.points(given, in: 0 ... 72, excludingMinimum: true) else { return nil }
                thickness = points
            }
            let color = others["color"].map { values.color($0) } ?? .black
            guard isUsable, let color else { return nil }
            if let height = placeAttributes["height"] {
                diagnostics.warning("a rule is as tall as its thickness; height ignored (give thickness)", at: height.nameOffset)
            }
            (place.width, place.height) = (width ?? .fraction(1), .points(thickness))
            return MasterItem(content: .rule(color), place: place)
        default:
            guard let colorAttribute = others["color"] else {
                diagnostics.error("<tint> needs a color, e.g. <tint at=\"0 0\" height=\"36\" color=\"house-red\">", at: tag.offset)
                return nil
            }
            guard placeAttributes["height"] != nil else {
                diagnostics.error("<tint> needs a height: how tall its band is (\"36\", \"12mm\", \"10%\")", at: tag.offset)
                return nil
            }
            guard let color = values.color(colorAttribute), isUsable else { return nil }
            (place.width, place.height) = (width ?? .fraction(1), height)
            return MasterItem(content: .tint(color), place: place)
        }
    }

    /// A line's height in a master's text item, as a share of its size (the heads' own leading).
    static let masterTextLeading = 1.2

    /// A master's line of text: its template (`content`, read as a running head's) and the
    /// style it prints in (`style`, from the heads' look, as a placeholder's style starts).
    private mutating func masterText(_ tag: Tag, content: TagAttribute?, style: TagAttribute?) -> (text: MasterText, size: Double)? {
        guard let content else {
            diagnostics.error("<text> needs content: the line it prints, a template as a running head's "
                              + "(<text at=\"-40 20\" content=\"{section}|\">)", at: tag.offset)
            return nil
        }
        guard let template = runningTemplate(content) else { return nil }
        var attributes = defaults.bodyAttributes
        attributes.fontSize *= RunningTemplate.relativeSize
        guard let style else { return (MasterText(template: template), attributes.fontSize) }
        guard let named = namedStyles[style.trimmedValue] else {
            let name = style.trimmedValue
            values.error("unknown style \"\(name.clipped)\"\(Suggestion.hint(for: name, among: namedStyles.names)); "
                         + "define it with <style name=\"\(name.clipped)\" …/> before the master", at: style)
            return nil
        }
        named.character.apply(to: &attributes)
        builder.noteFace(of: attributes, at: style.valueOffset)
        return (MasterText(template: template, attributes: attributes), attributes.fontSize)
    }

    /// A master's picture: found as an `<img>`'s is, beside the file declaring it.
    private mutating func masterPicture(_ tag: Tag, source: TagAttribute?) -> (attachment: ImageAttachment, size: Size2D, aspect: Double)? {
        guard let source, !source.trimmedValue.isEmpty else {
            diagnostics.error("a master's <img> needs a src attribute naming a JPEG, PNG, SVG or PDF file", at: tag.offset)
            return nil
        }
        guard let (path, file) = pictureFile(source) else { return nil }
        let info: PictureInfo
        do {
            info = try PictureInfo.probe(file, page: nil)
        } catch {
            values.error("image \"\(source.value.clipped)\": \(error)", at: source)
            return nil
        }
        let natural = info.naturalSize
        guard natural.width > 0, natural.height > 0 else {
            values.error("image \"\(source.value.clipped)\" has no size to place", at: source)
            return nil
        }
        pictureNames.append(source.valueOffset)
        let attachment = ImageAttachment(path: path, number: pictureNames.count, fit: .contain)
        return (attachment, Size2D(width: natural.width, height: natural.height), natural.width / natural.height)
    }

    /// `at="x y"`: two distances from the reference's left edge and top (negative: from its
    /// right edge and bottom).
    private func position(_ attribute: TagAttribute) -> (MasterPlace.Distance, MasterPlace.Distance)? {
        let parts = attribute.value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })
        guard parts.count == 2 else {
            values.error("at is two distances, from the left and from the top (\"36 20\", \"-12mm 0\", \"50% 10\"), "
                         + "not \"\(attribute.value.clipped)\"", at: attribute)
            return nil
        }
        guard let x = Self.distance(String(parts[0])), let y = Self.distance(String(parts[1])) else {
            values.error("at must be two lengths (\(LengthUnit.accepted)) or percentages, not \"\(attribute.value.clipped)\"", at: attribute)
            return nil
        }
        return (x, y)
    }

    /// A width or a height: a positive length or percentage.
    private func distance(_ attribute: TagAttribute, along side: String) -> MasterPlace.Distance? {
        guard let distance = Self.distance(attribute.trimmedValue) else {
            values.error("\(side) must be a length (\(LengthUnit.accepted)) or a percentage of the page or the text area, "
                         + "not \"\(attribute.value.clipped)\"", at: attribute)
            return nil
        }
        switch distance {
        case .points(let value) where value > 0 && value <= ParagraphStyleChange.maximumLength: return distance
        case .fraction(let share) where share > 0 && share <= 10: return distance
        default:
            values.error("\(side) must be more than 0 (and at most \(ValueReader.format(ParagraphStyleChange.maximumLength)) pt), "
                         + "not \"\(attribute.value.clipped)\"", at: attribute)
            return nil
        }
    }

    /// `36`, `12mm`, `-0`, `50%`: a length, or a share of the reference.
    private static func distance(_ text: String) -> MasterPlace.Distance? {
        let trimmed = text.trimmingSpaces()
        if trimmed.hasSuffix("%") {
            guard let percent = NumberSyntax.parse(String(trimmed.dropLast())), abs(percent) <= 1000 else { return nil }
            return .fraction(percent / 100)
        }
        guard let length = try? Length(parsing: trimmed), abs(length.points) <= ParagraphStyleChange.maximumLength else { return nil }
        return .points(length.points)
    }
}

/// A picture's own size, in points (Layout's `Size` is not Markup's to use).
struct Size2D {
    var width: Double
    var height: Double
}
