import Diagnostics
import Text

/// `<jump id="ice-2">` and `<resume from="ice-2">`: a story continued on a later page, as a
/// newspaper's or a magazine's jump ("Continued on page 7" … "Continued from page 2", InDesign's
/// jump-line page numbers). A jump ends its article's text where it stands with a jump line; the
/// rest of the article's file is not read there but at its resume, later in the issue, in the
/// article's scope as it was at the jump (`ReadingScope`): its styles, rules, folder and title.
/// So the text is in the order it is set in, every offset made once, and the rest is located in
/// its own file as any text. The two lines print each other's pages as `<ref>`s do (settled by
/// `ReferenceSettling`, no loop of their own) and link to each other.
struct StoryJumps {
    /// A story's jump: where its tag is, what is left of its file, and the article's scope there.
    struct Jump {
        var tagOffset: Int
        /// The file the jump is in, read from `restStart` to its end at the resume.
        var rest: ScannedFile
        var restStart: Int
        var scope: ReadingScope
        /// The section the story was in at the jump, which ends there and goes on at the resume.
        var section: SectionDeclaration?
        /// The styling tags the article had open at the jump (`<i>`, `<a>`, `<p>`…), which go
        /// on at the resume as its styles do: the story is one text.
        var openElements: [SetAsideElement]
        var resumedAt: SourceLocation?
    }

    /// An anchor's kind for a jump line (its id the jump's) and for a resumed part's head.
    static let jumpKind = "jump"
    static let resumeKind = "resume"
    /// The resumed part's anchor: a space, which no id written in the markup has.
    static func resumeID(_ id: String) -> String { "resume \(id)" }

    /// What the lines say when `<meta jump-text>` and `resume-text` do not.
    static let jumpWording = "Continued on page {page}"
    static let resumeWording = "Continued from page {page}"
    static let pagePlaceholder = "{page}"
    /// The attributes of `<jump>` and `<resume>`, for the fuzzers' dictionary.
    static let attributeNames = ["id", "from"]

    private(set) var jumps: [String: Jump] = [:]
    /// The id of the jump the read loop has just met, where it stops reading its file.
    private(set) var stoppedAt: String?
    /// Each `<resume>` met before any jump of its id, with where its `from` value is.
    private(set) var unmatched: [(id: String, valueOffset: Int)] = []
    /// The ids of the jumps whose `<resume>` was refused where it stands (inside a section, too
    /// deep): that error is the mistake, and the jump is not reported again as never resumed.
    private(set) var refused: Set<String> = []
    /// How many resumed parts are being read, one inside another's (a bound, as includes have).
    var depth = 0

    mutating func add(_ jump: Jump, id: String) {
        jumps[id] = jump
        stoppedAt = id
    }

    /// The read loop stopped at the jump: what it had not read is the rest of the story.
    mutating func stop(_ scanner: MarkupScanner) {
        guard let id = stoppedAt else { return }
        jumps[id]?.rest = scanner.file
        jumps[id]?.restStart = scanner.position
        stoppedAt = nil
    }

    var isStopping: Bool { stoppedAt != nil }

    mutating func markResumed(_ id: String, at location: SourceLocation) {
        jumps[id]?.resumedAt = location
    }

    mutating func addUnmatched(_ id: String, valueOffset: Int) {
        unmatched.append((id, valueOffset))
    }

    mutating func refuse(_ id: String) {
        refused.insert(id)
    }

    /// Whether the story that jumps at `id` has a `<resume>` written for it, resumed or reported
    /// at the resume (refused where it stands, or before its jump).
    func hasResume(_ id: String) -> Bool {
        jumps[id]?.resumedAt != nil || refused.contains(id) || unmatched.contains { $0.id == id }
    }
}

extension ParseState {
    /// `<jump id="…">`: the article's text ends here with its jump line; the rest of its file is
    /// read at `<resume from="…">`. A section open at the jump ends with the jump line and goes
    /// on at the resume, as a story's frames continue in a layout program.
    mutating func jump(_ tag: Tag) {
        guard let id = jumpID(of: tag, attribute: "id", example: "<jump id=\"ice-2\">") else { return }
        if let problem = jumpPlaceProblem(of: "<jump>", sectionAllowed: true) { return diagnostics.error(problem, at: tag.offset) }
        guard article != nil else {
            // An article typeset alone: its story goes on in place, so that it can be proofed.
            return diagnostics.warning("<jump> ignored: only an article the issue includes (<include>) jumps to its "
                                       + "<resume>; here the story goes on in place", at: tag.offset)
        }
        builder.endParagraph(madeAt: tag.offset)
        let anchor = ReferenceAnchor(id: id.value, textOffset: builder.text.length, kind: StoryJumps.jumpKind, number: 0, title: "",
                                     location: diagnostics.source.location(of: id.attribute.valueOffset))
        if let earlier = references.add(anchor) {
            return values.error("id \"\(id.value.clipped)\" is given twice: first at \(earlier.file):\(earlier.line); an id names one element",
                                at: id.attribute)
        }
        appendJumpLine(style: "jump", wording: meta.jumpText ?? StoryJumps.jumpWording,
                       pageOf: StoryJumps.resumeID(id.value), at: tag.offset)
        jumps.add(StoryJumps.Jump(tagOffset: tag.offset, rest: ScannedFile(units: .narrow([]), base: 0), restStart: tag.offset,
                                  scope: ReadingScope(self), section: openSection.flatMap { _ in sections.last },
                                  openElements: elements(openedAfter: fileElementsStart)), id: id.value)
        openSection = nil
        builder.section = nil
    }

    /// `<resume from="…">`: the rest of the jumped story, headed by the line naming its first part's page.
    mutating func resume(_ tag: Tag) {
        guard let id = jumpID(of: tag, attribute: "from", example: "<resume from=\"ice-2\">") else { return }
        if let problem = jumpPlaceProblem(of: "<resume>") {
            jumps.refuse(id.value)
            return diagnostics.error(problem, at: tag.offset)
        }
        guard let jump = jumps.jumps[id.value] else { return jumps.addUnmatched(id.value, valueOffset: id.attribute.valueOffset) }
        if let earlier = jump.resumedAt {
            return values.error("the story that jumps at \"\(id.value.clipped)\" is resumed already at \(earlier.file):\(earlier.line); "
                                + "a story goes on in one place", at: id.attribute)
        }
        guard jumps.depth < Self.maximumNesting else {
            jumps.refuse(id.value)
            return diagnostics.error("<resume> inside \(Self.maximumNesting) resumed stories, each inside the one before: "
                                     + "resume a story where the story before it has ended", at: tag.offset)
        }
        jumps.markResumed(id.value, at: diagnostics.source.location(of: tag.offset))
        builder.endParagraph(madeAt: tag.offset)
        let outer = ReadingScope(self)
        resumeScope(jump.scope)
        // The tags open at the jump go on, each closing to the styles before it.
        fileElementsStart = openElementCount
        reopen(jump.openElements)
        let anchor = ReferenceAnchor(id: StoryJumps.resumeID(id.value), textOffset: builder.text.length, kind: StoryJumps.resumeKind,
                                     number: 0, title: "", location: diagnostics.source.location(of: tag.offset))
        _ = references.add(anchor)
        if let section = jump.section { continueSection(section, at: jump.tagOffset) }
        appendJumpLine(style: "resume", wording: meta.resumeText ?? StoryJumps.resumeWording, pageOf: id.value, at: tag.offset)
        jumps.depth += 1
        var scanner = MarkupScanner(file: jump.rest, diagnostics: diagnostics, from: jump.restStart)
        readArticleText(&scanner, from: jump.restStart, isRest: true)
        jumps.depth -= 1
        endScope(of: outer)
    }

    /// At the end of the document: every jump resumed, every resume after its jump. A jump whose
    /// resume is written but was refused is reported once, at the resume ("a mistake is reported once").
    func checkJumps() {
        for (id, jump) in jumps.jumps.sorted(by: { $0.value.tagOffset < $1.value.tagOffset }) where !jumps.hasResume(id) {
            diagnostics.error("the story that jumps at \"\(id.clipped)\" is never resumed: write <resume from=\"\(id.clipped)\"> "
                              + "later in the issue, where it goes on", at: jump.tagOffset)
        }
        for (id, offset) in jumps.unmatched {
            if let jump = jumps.jumps[id] {
                let place = diagnostics.source.location(of: jump.tagOffset)
                diagnostics.error("<resume from=\"\(id.clipped)\"> comes before its <jump> (at \(place.file):\(place.line)): "
                                  + "a story goes on later in the issue than where it jumps", at: offset)
            } else {
                let ids = jumps.jumps.keys.sorted()
                let known = ids.isEmpty ? " (the document has no <jump>)" : Suggestion.hint(for: id, among: ids)
                diagnostics.error("<resume> of an unknown jump \"\(id.clipped)\"\(known)", at: offset)
            }
        }
    }

    /// The id a `<jump>` or `<resume>` names in `attribute`, or nil after an error at the tag or the value.
    private func jumpID(of tag: Tag, attribute name: String, example: String) -> (value: String, attribute: TagAttribute)? {
        var named: TagAttribute?
        for attribute in tag.attributes {
            if attribute.key == name { named = attribute } else { warnUnknown(attribute, of: tag, known: [name]) }
        }
        guard let named else {
            diagnostics.error("<\(tag.name)> needs the id of its story, e.g. \(example)", at: tag.offset)
            return nil
        }
        if let problem = Self.idProblem(named.trimmedValue) {
            values.error(problem, at: named)
            return nil
        }
        return (named.trimmedValue, named)
    }

    /// Why a jump or a resume cannot stand here, or nil: it ends or starts a story in the columns,
    /// so not inside a block set apart from them (a jump may end a section, `sectionAllowed`).
    private func jumpPlaceProblem(of tag: String, sectionAllowed: Bool = false) -> String? {
        guard let place = enclosingBlock(sectionAllowed: sectionAllowed) else { return nil }
        return "\(tag) cannot be inside \(place): a story jumps and resumes in the columns, between paragraphs"
    }

    /// The section a story jumped from, begun again at its resume as a section of its own (its
    /// columns, gutter, rules and tint), closed by the `</section>` in the story's rest.
    private mutating func continueSection(_ section: SectionDeclaration, at jumpOffset: Int) {
        var continued = section
        continued.style.number = sections.count + 1
        sections.append(continued)
        openSection = OpenBlockTag(at: jumpOffset)
        builder.section = continued.style
    }

    /// A paragraph of its own in the named style, `wording` with the page `target` is on in place
    /// of `{page}`, the whole line a link to it.
    private mutating func appendJumpLine(style name: String, wording: String, pageOf target: String, at offset: Int) {
        let outside = (attributes: builder.attributes, faceOrigin: builder.faceOrigin, paragraph: builder.paragraphStyle)
        // The line is the story's furniture, not its text: a `<b>` or `<p style>` the story has
        // open here does not style it, its own style does, from the body's.
        builder.attributes = bodyText?.attributes ?? cleanAttributes
        builder.faceOrigin = nil
        builder.paragraphStyle = bodyText?.paragraphStyle ?? cleanParagraphStyle
        if let style = namedStyles[name] {
            if style.startsClean { startClean() }
            style.paragraph.apply(to: &builder.paragraphStyle)
            apply(style.character, faceOffset: nil, tagOffset: offset)
        }
        builder.attributes.link = ReferenceLink.address(of: target)
        let parts = wording.components(separatedBy: StoryJumps.pagePlaceholder)
        builder.append(SourcedText(Array(parts[0].utf16), madeAt: offset))
        appendReference(to: target, .page, at: offset, checkedAt: nil)
        builder.append(SourcedText(Array(parts.dropFirst().joined(separator: StoryJumps.pagePlaceholder).utf16), madeAt: offset))
        builder.endParagraph(madeAt: offset)
        builder.attributes = outside.attributes
        builder.faceOrigin = outside.faceOrigin
        builder.paragraphStyle = outside.paragraph
    }

    /// A jump line's or a resumed head's wording from `<meta>`: it prints the page once, at `{page}`.
    func jumpWording(_ attribute: TagAttribute) -> String? {
        let wording = attribute.trimmedValue
        guard wording.components(separatedBy: StoryJumps.pagePlaceholder).count == 2 else {
            values.error("\(attribute.name.clipped) prints the other part's page once, at {page}, "
                         + "e.g. \"Suite page {page}\", not \"\(attribute.value.clipped)\"", at: attribute)
            return nil
        }
        return wording
    }
}
