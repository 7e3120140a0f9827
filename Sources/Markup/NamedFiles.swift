import Diagnostics
import Foundation
import Images

/// A file on the way from the document to the file being read (a style sheet, an included
/// article), for the cycle check and the depth bound.
struct ImportingFile {
    /// With symbolic links resolved: two names of one file are one file.
    var realPath: String
    /// As messages name it.
    var name: String
}

/// The files a document names besides its pictures — style sheets (`<import>`, `--style`) and
/// articles (`<include>`) — are found, bounded and chained alike: beside the file that names
/// them, inside the folder pictures may come from (`--root`), never one already on the way to
/// them (a cycle), and at most `maximumNesting` deep, imports and includes together.
extension ParseState {
    /// How deep files may nest, imports and includes together: an issue of sections of articles
    /// importing a house sheet built on a base sheet is five. A deeper chain is a generated
    /// mistake, and each level holds a parse on the stack: some 260 KB of frames in today's
    /// optimised build (docs/pipeline.md, "Hardening: markup"), so 16 levels fit an 8 MB stack
    /// with room to spare, where 32 overflowed it.
    static let maximumNesting = 16

    /// The `src` of a tag naming a file (`<import>`, `<include>`: its only attribute, any other
    /// warned of); nil after an error at the tag when it has none. `example` is the tag written well.
    func fileSource(of tag: Tag, example: String) -> TagAttribute? {
        var source: TagAttribute?
        for attribute in tag.attributes {
            if attribute.key == "src" { source = attribute } else { warnUnknown(attribute, of: tag, known: ["src"]) }
        }
        guard let source, !source.trimmedValue.isEmpty else {
            diagnostics.error("<\(tag.name)> needs a src attribute, e.g. \(example)", at: tag.offset)
            return nil
        }
        return source
    }

    /// The file `source` names, beside the file holding its tag and inside the root; nil after
    /// an error at the value. `kind` names such a file in messages ("style sheet"). A file not
    /// there is noted as looked for, as a picture is: `typeset watch` waits for it to come.
    func namedFilePath(_ source: TagAttribute, kind: String) -> String? {
        guard let path = images.existingPath(for: source.trimmedValue) else {
            values.error(images.notFound(kind, source.trimmedValue), at: source)
            return nil
        }
        guard images.allows(path) else {
            values.error("\(kind) \"\(source.value.clipped)\" is outside the folder \(images.root); \(kind)s must be inside it "
                         + "(use --root FOLDER to allow another folder)", at: source)
            return nil
        }
        return path
    }

    /// Why the file at `realPath`, named `name`, cannot be read next on the chain from the
    /// document (`importChain`): it is on the chain already, or the chain is as deep as files
    /// nest; nil when it can. `verb` is what the tag does ("import", "include").
    func chainProblem(realPath: String, name: String, verb: String) -> String? {
        if let start = importChain.firstIndex(where: { $0.realPath == realPath }) {
            let cycle = (importChain[start...].map(\.name) + [name]).joined(separator: " → ")
            return "\(verb) cycle: \(cycle); a file cannot \(verb) a file that (through imports or includes) names it"
        }
        guard importChain.count < Self.maximumNesting else {
            return "\(name) would be \(importChain.count + 1) files deep (\(importChain.first?.name ?? "") → … → "
                + "\(importChain.last?.name ?? "") → \(name)); imports and includes nest \(Self.maximumNesting) deep at most"
        }
        return nil
    }

    /// How messages name a file named by `source` in the file `importer`: its path as written,
    /// beside the importer's as given.
    static func namedFileName(_ source: String, namedIn importer: String) -> String {
        let folder = PathFolder.of(importer)
        return source.hasPrefix("/") || folder.isEmpty ? source : (folder as NSString).appendingPathComponent(source)
    }
}
