import Text

/// Bytes as a key that a run kept for the next (`KeptDeflates`, `KeptPictures`): hashed once,
/// and equal only when every byte is, so that what is found by them cannot be another's.
struct HashedBytes: Hashable {
    let hash: UInt64
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        hash = bytes.withUnsafeBytes { ContentHash.of($0) }
        self.bytes = bytes
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    static func == (left: HashedBytes, right: HashedBytes) -> Bool { left.hash == right.hash && left.bytes == right.bytes }
}
