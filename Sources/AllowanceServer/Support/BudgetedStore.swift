/// Values kept in memory up to a budget of bytes, for the caches (`ResponseCache`,
/// `Fragments`). Not locked: each cache holds one inside its own lock.
///
/// Past the budget, values are dropped until it is three quarters full, so a cache that is full
/// drops a batch now and then rather than one value on every insert. Which values go is the
/// dictionary's order, that is, arbitrary: every value can be made again, and keeping no order
/// costs nothing on a hit.
struct BudgetedStore<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Kept: Sendable {
        let value: Value
        let bytes: Int
    }

    /// The most it keeps, in bytes.
    let budget: Int
    /// What it keeps now, in bytes.
    private(set) var bytes = 0
    private var kept: [Key: Kept] = [:]

    init(budget: Int) { self.budget = budget }

    subscript(key: Key) -> Value? { kept[key]?.value }

    /// Keeps `value`, which holds about `bytes` of memory, in place of anything kept for `key`.
    mutating func keep(_ value: Value, bytes: Int, for key: Key) {
        if let replaced = kept.updateValue(Kept(value: value, bytes: bytes), forKey: key) { self.bytes -= replaced.bytes }
        self.bytes += bytes
        guard self.bytes > budget else { return }
        while self.bytes > budget * 3 / 4, let dropped = kept.first {
            kept.removeValue(forKey: dropped.key)
            self.bytes -= dropped.value.bytes
        }
    }
}
