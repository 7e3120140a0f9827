import Text

/// The styles in force where a styling tag opened, which its closing tag restores.
struct SavedStyles: Hashable {
    var attributes: TextAttributes
    var faceOrigin: Int?
    var paragraphStyle: ParagraphStyle
    /// Where the drop cap of `paragraphStyle` was asked for (DropCapOnce).
    var dropCapOrigin: Int?
}

/// The distinct styles the open styling tags saved, each held once however many tags saved it,
/// for as long as one of them is open: a tag holds a slot here (four bytes) where it held its
/// styles (some 4 KB). Markup written as the tutorial writes it opens a `<font>` on each line
/// and never closes it, and its tags save a handful of distinct styles between them.
/// A value: a parse's checkpoint (`ParseCheckpoint`) copies it with the open tags.
struct SavedStylesTable {
    typealias Slot = Int32

    private struct Entry {
        var styles: SavedStyles
        var hash: Int
        /// How many open tags hold it.
        var holders: Int
    }

    /// Nil where a slot is free, for the next distinct styles to take.
    private var entries: [Entry?] = []
    private var freeSlots: [Slot] = []
    /// The slots of the styles held, by their hash.
    private var slotsByHash: [Int: [Slot]] = [:]

    /// The memory a slot takes, held or free.
    static let bytesPerSlot = MemoryLayout<Entry?>.stride

    /// The memory the table's slots take: those of the most distinct styles held at once.
    var bytes: Int { entries.count * Self.bytesPerSlot }

    subscript(slot: Slot) -> SavedStyles {
        entries[Int(slot)]!.styles
    }

    /// The slot of `styles`, held once more.
    mutating func hold(_ styles: SavedStyles) -> Slot {
        let hash = styles.hashValue
        if let slot = slotsByHash[hash]?.first(where: { entries[Int($0)]!.styles == styles }) {
            entries[Int(slot)]!.holders += 1
            return slot
        }
        let entry = Entry(styles: styles, hash: hash, holders: 1)
        let slot: Slot
        if let free = freeSlots.popLast() {
            slot = free
            entries[Int(slot)] = entry
        } else {
            slot = Slot(entries.count)
            entries.append(entry)
        }
        slotsByHash[hash, default: []].append(slot)
        return slot
    }

    /// Lets go of one hold on `slot`: its styles are forgotten when no open tag holds them.
    mutating func release(_ slot: Slot) {
        entries[Int(slot)]!.holders -= 1
        guard let entry = entries[Int(slot)], entry.holders == 0 else { return }
        entries[Int(slot)] = nil
        freeSlots.append(slot)
        slotsByHash[entry.hash]!.removeAll { $0 == slot }
        if slotsByHash[entry.hash]!.isEmpty { slotsByHash[entry.hash] = nil }
    }
}
