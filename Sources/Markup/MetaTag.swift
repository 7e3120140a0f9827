import Diagnostics
import Foundation
import Text

/// What a document says about itself with `<meta>`: its title, author and subject (the PDF's
/// document information) and running heads. Nil where
/// it says nothing, so that the command line's options can take the place of what is missing
/// (and override what is there).
public struct DocumentMeta: Hashable, Sendable {
    public var title: String?
    public var author: String?
    public var subject: String?
    public var header: RunningTemplate?
    public var footer: RunningTemplate?
    /// How footnotes are numbered and marked, and where their notes go (see FootnoteTags).
    public var footnoteNumbering = FootnoteNumbering.document
    public var footnoteMarks = FootnoteMarks.arabic
    public var footnotePlacement = FootnotePlacement.column
    /// The most of a column's height its notes take (`footnote-max-height`), 0...1.
    public var footnoteMaxShare = FootnotePlacement.defaultMaxShare
    /// The text's language (`lang`), unless the command line gives one.
    public var language: String?
    /// The wording of a story's jump line and of its resumed part's head (`jump-text`,
    /// `resume-text`), `{page}` where the other part's page prints; nil: English (StoryJumps).
    public var jumpText: String?
    public var resumeText: String?
    /// The master pages declared (`<master>`), each name once, in the order declared.
    public var masters: [MasterPage] = []

    public init(title: String? = nil, author: String? = nil, subject: String? = nil,
                header: RunningTemplate? = nil, footer: RunningTemplate? = nil) {
        self.title = title
        self.author = author
        self.subject = subject
        self.header = header
        self.footer = footer
    }

    static let attributeNames = ["title", "author", "subject", "lang", "header", "footer", "footnote-numbering", "footnote-marks",
                                 "footnote-placement", "footnote-max-height",
                                 "jump-text", "resume-text"]
}

extension ParseState {
    /// `<meta title="…" author="…" subject="…" lang="…" header="…" footer="…" footnote-…="…">`: before the text, since it
    /// concerns every page; one after the text has begun is ignored. Later values replace earlier ones (a style sheet's
    /// replacing another sheet's says so).
    mutating func readMeta(_ tag: Tag) {
        guard !fileHasText else {
            return diagnostics.warning("<meta> must come before the text; ignored", at: tag.offset)
        }
        for attribute in tag.attributes {
            // An article's title, author and subject are its own; the rest is the issue's.
            if !["title", "author", "subject"].contains(attribute.key),
               includerKeepsDefinition("meta \(attribute.key)", what: "<meta \(attribute.name.clipped)>", at: attribute.nameOffset) {
                continue
            }
            switch attribute.key {
            case "title": meta.title = attribute.trimmedValue
            case "author": meta.author = attribute.trimmedValue
            case "subject": meta.subject = attribute.trimmedValue
            case "lang":
                meta.language = CharacterStyleChange.language(attribute, values) ?? meta.language
                applyMetaLanguage()
            case "header": meta.header = runningTemplate(attribute) ?? meta.header
            case "footer": meta.footer = runningTemplate(attribute) ?? meta.footer
            case "footnotenumbering": meta.footnoteNumbering = values.choice(attribute, FootnoteNumbering.self) ?? meta.footnoteNumbering
            case "footnotemarks": meta.footnoteMarks = values.choice(attribute, FootnoteMarks.self) ?? meta.footnoteMarks
            case "footnoteplacement": meta.footnotePlacement = values.choice(attribute, FootnotePlacement.self) ?? meta.footnotePlacement
            case "footnotemaxheight": meta.footnoteMaxShare = footnoteMaxShare(attribute) ?? meta.footnoteMaxShare
            case "jumptext": meta.jumpText = jumpWording(attribute) ?? meta.jumpText
            case "resumetext": meta.resumeText = jumpWording(attribute) ?? meta.resumeText
            default:
                warnUnknown(attribute, of: tag, known: DocumentMeta.attributeNames)
                continue
            }
            noteDefinition("meta \(attribute.key)", what: "<meta \(attribute.name.clipped)>", at: attribute.nameOffset)
        }
        if var read = article {
            (read.title, read.author, read.subject) = (meta.title, meta.author, meta.subject)
            article = read
            builder.pendingArticle = read
        }
    }

    /// The share of a column `footnote-max-height` gives, a percentage from 10 % (a note's line
    /// must fit) to 100 %; nil after an error at the attribute.
    private func footnoteMaxShare(_ attribute: TagAttribute) -> Double? {
        guard let share = ColorParser.percentage(attribute.trimmedValue), share >= 0.1 else {
            values.error("\(attribute.name.clipped) must be a percentage of the column's height from 10% to 100% (such as \"50%\"), "
                         + "not \"\(attribute.value.clipped)\"", at: attribute)
            return nil
        }
        return share
    }

    /// The template in `attribute`, its placeholders' styles looked up, or nil after an error
    /// located in its value.
    mutating func runningTemplate(_ attribute: TagAttribute) -> RunningTemplate? {
        var template: RunningTemplate
        do throws(RunningTemplateError) {
            template = try RunningTemplate(parsing: attribute.value)
        } catch {
            let offset = diagnostics.source.offset(inValueAt: attribute.valueOffset, decodedOffset: error.offset)
            diagnostics.error("\(attribute.name.clipped): \(error.message)", at: offset)
            return nil
        }
        template.place = diagnostics.source.place(of: attribute.valueOffset)
        template.linkPlaces = template.linkOffsets.map {
            diagnostics.source.place(of: diagnostics.source.offset(inValueAt: attribute.valueOffset, decodedOffset: $0))
        }
        // A style a placeholder names is defined before the template, as a swatch before its
        // use; it starts from the heads' own look, the body face at their size.
        var base = defaults.bodyAttributes
        base.fontSize *= RunningTemplate.relativeSize
        var used: [TextAttributes] = []
        let resolved = template.resolvingStyles { name in
            namedStyles[name].map { style in
                var attributes = base
                style.character.apply(to: &attributes)
                used.append(attributes)
                return attributes
            }
        }
        if let unknown = resolved.unresolvedStyleNames.first {
            let decoded = attribute.value.range(of: "style=\(unknown)").map { attribute.value.utf16.distance(from: attribute.value.startIndex, to: $0.lowerBound) }
            diagnostics.error("\(attribute.name.clipped): no style is named \"\(unknown.clipped)\"; define it with <style name=\"\(unknown.clipped)\" …/> "
                              + "before the template that prints in it",
                              at: diagnostics.source.offset(inValueAt: attribute.valueOffset, decodedOffset: decoded ?? 0))
            return nil
        }
        for attributes in used { builder.noteFace(of: attributes, at: attribute.valueOffset) }
        return resolved
    }
}
