extension FontTable {
    public func fallbackFont(for scalar: Unicode.Scalar, primary: Font, language: String) -> Font? { nil }
}
