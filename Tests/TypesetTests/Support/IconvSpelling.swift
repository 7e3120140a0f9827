import Glibc

/// `text` in `encoding` (iconv's name: "ISO-8859-1", "KOI8-R", …), by iconv; nil when the
/// encoding cannot spell it: the hyphenation tests' spelling of words, independent of typeset's.
func iconvSpelling(_ text: String, as encoding: String) -> [UInt8]? {
    let converter = iconv_open(encoding, "UTF-8")
    guard converter != iconv_t(bitPattern: -1) else { return nil }
    defer { iconv_close(converter) }
    var input = Array(text.utf8).map { CChar(bitPattern: $0) }
    var output = [CChar](repeating: 0, count: input.count * 4 + 4)
    var inputLeft = input.count
    var outputLeft = output.count
    let failed = input.withUnsafeMutableBufferPointer { inputBuffer in
        output.withUnsafeMutableBufferPointer { outputBuffer in
            var inputPointer: UnsafeMutablePointer<CChar>? = inputBuffer.baseAddress
            var outputPointer: UnsafeMutablePointer<CChar>? = outputBuffer.baseAddress
            return iconv(converter, &inputPointer, &inputLeft, &outputPointer, &outputLeft) == -1
        }
    }
    guard !failed, inputLeft == 0 else { return nil }
    return output.prefix(output.count - outputLeft).map { UInt8(bitPattern: $0) }
}
