import Diagnostics
import Markup
import Text

/// One fuzz input through the markup parser: bytes → source → parsed document. Besides not
/// crashing or hanging, the parser must locate every problem it reports, inside the input.
public enum MarkupFuzzTarget {
    public static func run(_ bytes: [UInt8]) {
        let source: MarkupSource
        do {
            source = try MarkupSource(fileName: FuzzInput.fileName, bytes: bytes)
        } catch let diagnostic as Diagnostic {
            FuzzInput.requireLocated([diagnostic], lineCount: FuzzInput.lineCount(bytes))
            return
        } catch {
            fatalError("MarkupSource threw \(error), not a diagnostic")
        }
        let parser = MarkupParser(defaults: MarkupDefaults(attributes: TextAttributes(fontFamily: "TeX Gyre Pagella", fontSize: 11),
                                                           paragraphStyle: ParagraphStyle()),
                                  baseDirectory: FuzzInput.picturesDirectory)
        let document = parser.parse(source)
        FuzzInput.requireLocated(document.diagnostics, lineCount: FuzzInput.lineCount(bytes))
    }
}
