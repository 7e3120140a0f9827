import Text

/// A title, an author or a subject as the PDF's document information, its XMP and the running
/// heads all take it: on one line (`OneLineText`: control characters such as a `&#13;` or a
/// `&#1;` are spaces). The Info dictionary kept a `\r` that XMP wrote as `\n`, XMP dropped
/// characters Info kept, and a title of control characters alone passed PDF/UA's "has a
/// title". Nothing left: no value (`--title ""` takes the document's away).
enum MetadataText {
    static func cleaned(_ value: String?) -> String? {
        value.map(OneLineText.make).flatMap { $0.isEmpty ? nil : $0 }
    }
}
