/// Values found before, in groups (a container's bands, see LineFragmentMemo), within a budget:
/// the group asked about last is held apart, since callers ask about one group many times in
/// a row, and comparing a group costs less than hashing it. Past the budget it starts afresh.
struct GroupedMemo<Group: Hashable, Key: Hashable, Value> {
    let budget: Int
    private var groups: [Group: [Key: Value]] = [:]
    private var currentGroup: Group?
    private var current: [Key: Value] = [:]
    /// Values held.
    private(set) var count = 0
    /// Values made, those found not counted.
    private(set) var made = 0

    init(budget: Int) {
        self.budget = budget
    }

    /// The value of `key` in `group`, made by `make` unless made before.
    mutating func value(in group: Group, for key: Key, orMake make: () -> Value) -> Value {
        if group != currentGroup {
            if let currentGroup, !current.isEmpty { groups[currentGroup] = current }
            // Taken out while current, so that adding to it does not copy it.
            current = groups.removeValue(forKey: group) ?? [:]
            currentGroup = group
        }
        if let known = current[key] { return known }
        let value = make()
        made += 1
        if count >= budget {
            groups.removeAll(keepingCapacity: true)
            current.removeAll(keepingCapacity: true)
            count = 0
        }
        current[key] = value
        count += 1
        return value
    }
}
