import Foundation

/// A number of bytes as people read it: 900 bytes, 64 KB, 2.5 GB (powers of 1,000).
public struct ByteCount: CustomStringConvertible, Sendable {
    public var value: Int

    public init(_ value: Int) {
        self.value = value
    }

    public var description: String {
        for (size, unit) in [(1e9, "GB"), (1e6, "MB"), (1e3, "KB")] where Double(value) >= size {
            let amount = Double(value) / size
            return amount >= 10 ? "\(Int(amount.rounded())) \(unit)" : String(format: "%.1f %@", amount, unit)
        }
        return "\(value) bytes"
    }
}
