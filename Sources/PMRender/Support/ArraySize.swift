extension Array {
    /// The elements in an array of their own size. An array grows by doubling, and the room it leaves unused stays
    /// with it for as long as it lives: arrays a board keeps (its nodes, its line starts) are copied out at their size.
    var atItsSize: [Element] {
        guard capacity - count > 4 else { return self }
        var exact: [Element] = []
        exact.reserveCapacity(count)
        exact.append(contentsOf: self)
        return exact
    }
}
