import Foundation

/// The shard of an input: a hash of its path, normalised, that every machine and every build
/// computes alike.
///
/// Swift's `Hasher` is seeded afresh in every process, so it would put a document in another
/// shard on each machine of a CI matrix. FNV-1a (64 bits) over the path's UTF-8 bytes is fixed
/// by its published constants and depends on nothing else. Its low bits mix poorly (the hash
/// modulo 4 depends only on the low two bits of each byte), so the shard is taken from the high
/// bits, by multiplying the hash by the shard count and keeping the upper word.
enum InputPathHash {
    static func shard(of input: String, count: Int) -> Int {
        let hash = fnv1a(Array(normalised(input, currentDirectories: currentDirectoryNames).utf8))
        return Int(hash.multipliedFullWidth(by: UInt64(count)).high)
    }

    /// The path as written, with `.` and empty components dropped, `..` taken back where it can
    /// be, and an absolute path inside the current folder made relative to it: `./a//b.txt`,
    /// `a/x/../b.txt` and `$PWD/a/b.txt` are all `a/b.txt`, the same on every machine that
    /// checks out the same tree, wherever it puts it. Links are not followed: the path is
    /// not read from the disk. `currentDirectories`: the names of the current folder, each of
    /// which an absolute path may begin with.
    static func normalised(_ path: String, currentDirectories: [String]) -> String {
        let components = lexical(path)
        guard path.hasPrefix("/") else { return components.joined(separator: "/") }
        for current in currentDirectories.map(lexical)
        where components.count > current.count && Array(components.prefix(current.count)) == current {
            return components.dropFirst(current.count).joined(separator: "/")
        }
        return "/" + components.joined(separator: "/")
    }

    /// The current folder as the system names it (`getcwd`, its links resolved) and, when it
    /// was reached through a link (a CI runner's workspace, macOS's temporary folder), as the shell does:
    /// `$PWD`, when it names the same folder. A path written from `$PWD` is the user's, and
    /// must fall in the shard its relative path does.
    private static var currentDirectoryNames: [String] {
        let physical = FileManager.default.currentDirectoryPath
        guard let logical = ProcessInfo.processInfo.environment["PWD"], logical.hasPrefix("/"), logical != physical,
              isSameFolder(logical, physical) else { return [physical] }
        return [physical, logical]
    }

    private static func isSameFolder(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        return stat(a, &first) == 0 && stat(b, &second) == 0 && first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    private static func lexical(_ path: String) -> [String] {
        var components: [String] = []
        for part in path.split(separator: "/").map(String.init) where part != "." {
            if part == "..", let last = components.last, last != ".." {
                components.removeLast()
            } else if part == "..", path.hasPrefix("/") {
                continue // `/..` is `/`
            } else {
                components.append(part)
            }
        }
        return components
    }

    /// 64-bit FNV-1a: offset basis 14695981039346656037, prime 1099511628211.
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
