import ArgumentParser

/// `--shard K/N`: the K-th of N shares of the inputs (K from 1 to N), so that N machines of a
/// CI matrix, each given the same inputs, together typeset each of them exactly once.
///
/// A shard that cannot be read is kept with its problem, so that `validate` can say what the
/// rule is (a usage error, exit status 2) rather than ArgumentParser's bare "invalid value".
struct ShardArgument: ExpressibleByArgument {
    /// 1-based, as a CI matrix counts.
    var index = 1
    var count = 1
    var problem: String?

    static let rule = "--shard takes K/N, shard K of N with 1 ≤ K ≤ N (for example 2/4)"

    init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
              let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1 ... count).contains(index) else {
            problem = "\(Self.rule); \"\(argument)\" is not one"
            return
        }
        self.index = index
        self.count = count
    }

    /// Whether `input` belongs to this shard: its shard depends on its path alone
    /// (`InputPathHash`), never on the other inputs nor their order.
    func contains(_ input: String) -> Bool {
        InputPathHash.shard(of: input, count: count) == index - 1
    }
}

/// The `--shard` option, shared by the commands that take many inputs.
struct ShardOption: ParsableArguments {
    @Option(help: ArgumentHelp("Typeset only shard K of N of the inputs (1 ≤ K ≤ N): each input always falls in the same shard, by a hash of its path relative to the current folder (a/b.txt, ./a/b.txt and $PWD/a/b.txt alike; worked out from the names, links not followed), whatever the order or the machine; for a CI matrix of N jobs.",
                               valueName: "k/n"))
    var shard: ShardArgument?

    func validate() throws {
        if let problem = shard?.problem { throw ValidationError(problem) }
    }

    /// The positions of the inputs this run takes: all of them without `--shard`.
    func selected(_ inputs: [String]) -> [Int] {
        guard let shard else { return Array(inputs.indices) }
        return inputs.indices.filter { shard.contains(inputs[$0]) }
    }
}
