/// Why the finishing step could not write the PDF.
struct FinishingError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
