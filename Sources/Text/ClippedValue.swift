extension String {
    /// At most 40 characters, for quoting a value in a message: a value may be a whole page.
    public var clipped: String {
        count <= 40 ? self : prefix(39) + "…"
    }
}
