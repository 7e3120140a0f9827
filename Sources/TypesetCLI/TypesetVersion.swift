/// typeset's version: the one place it is written. `typeset --version` prints it with the
/// versions of the C libraries the process runs with; docs/pipeline.md says when it changes.
enum TypesetVersion {
    static let number = "0.1.0"

    /// What `--version` prints: this version, then one library a line, as a bug report wants
    /// them (the same source renders differently with another HarfBuzz or FreeType).
    static var report: String {
        (["typeset \(number)"] + LibraryVersions.running.map { "\($0.name) \($0.version)" }).joined(separator: "\n")
    }
}
