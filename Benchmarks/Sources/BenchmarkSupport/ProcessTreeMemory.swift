import Foundation

/// The memory of a process and all its descendants, from `/proc/<pid>/smaps_rollup`.
///
/// Descendants are found by walking the parent links of `/proc/*/stat`, so the web and
/// network processes WebKit starts count, with the bubblewrap processes of their sandbox.
/// PSS (proportional set size) splits each shared page between the processes mapping it,
/// so the figures of the processes add up without counting shared libraries twice.
public struct ProcessTreeMemory: Sendable {
    /// One process of the tree.
    public struct Entry: Sendable {
        /// The process id.
        public var pid: Int32
        /// The program's name (the base name of `argv[0]`, else the kernel's `comm`).
        public var name: String
        /// Proportional set size in bytes.
        public var pss: Int
        /// Private (unshared) memory in bytes: `Private_Clean` + `Private_Dirty`.
        public var privateBytes: Int
        /// Resident set size in bytes.
        public var rss: Int
    }

    /// The processes, the root first.
    public let entries: [Entry]
    /// Processes of the tree whose memory could not be read (they ended, or are not ours).
    public let unreadable: [Int32]

    /// The sum of the PSS of every readable process, in bytes.
    public var totalPSS: Int { entries.reduce(0) { $0 + $1.pss } }
    /// The sum of the private memory of every readable process, in bytes.
    public var totalPrivate: Int { entries.reduce(0) { $0 + $1.privateBytes } }

    /// Measures the tree rooted at this process.
    public init() { self.init(root: getpid()) }

    /// Measures the tree rooted at `root`.
    public init(root: Int32) {
        let order = Self.tree(of: root)
        var entries: [Entry] = []
        var unreadable: [Int32] = []
        for pid in order {
            guard let rollup = try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8)
            else {
                unreadable.append(pid)
                continue
            }
            let fields = Self.kilobyteFields(rollup)
            entries.append(
                Entry(
                    pid: pid, name: Self.name(of: pid), pss: (fields["Pss"] ?? 0) * 1024,
                    privateBytes: ((fields["Private_Clean"] ?? 0) + (fields["Private_Dirty"] ?? 0)) * 1024,
                    rss: (fields["Rss"] ?? 0) * 1024))
        }
        self.entries = entries
        self.unreadable = unreadable
    }

    /// The processes of one program.
    public struct Group: Sendable {
        /// The program's name.
        public var name: String
        /// How many processes run it.
        public var count: Int
        /// Their PSS, summed.
        public var pss: Int
        /// The smallest PSS of one of them.
        public var minPSS: Int
        /// The largest PSS of one of them.
        public var maxPSS: Int
        /// Their private memory, summed.
        public var privateBytes: Int
    }

    /// The entries grouped by program name, in order of first appearance.
    public var groups: [Group] {
        var groups: [Group] = []
        for entry in entries {
            if let index = groups.firstIndex(where: { $0.name == entry.name }) {
                groups[index].count += 1
                groups[index].pss += entry.pss
                groups[index].minPSS = min(groups[index].minPSS, entry.pss)
                groups[index].maxPSS = max(groups[index].maxPSS, entry.pss)
                groups[index].privateBytes += entry.privateBytes
            } else {
                groups.append(
                    Group(
                        name: entry.name, count: 1, pss: entry.pss, minPSS: entry.pss, maxPSS: entry.pss,
                        privateBytes: entry.privateBytes))
            }
        }
        return groups
    }

    /// How many processes of this process's tree run the program `name` (without reading
    /// their memory).
    public static func count(named name: String) -> Int { count(named: name, root: getpid()) }

    /// How many processes of the tree rooted at `root` run the program `name`.
    public static func count(named name: String, root: Int32) -> Int {
        tree(of: root).count { Self.name(of: $0) == name }
    }

    /// `root` and every descendant, breadth first (just `root` if it has none, even if it
    /// has ended).
    public static func tree(of root: Int32) -> [Int32] {
        var children: [Int32: [Int32]] = [:]
        let pids =
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { Int32($0) } ?? []
        for pid in pids {
            if let parent = parentPID(of: pid) { children[parent, default: []].append(pid) }
        }
        var order: [Int32] = []
        var pending = [root]
        while let pid = pending.first {
            pending.removeFirst()
            order.append(pid)
            pending.append(contentsOf: (children[pid] ?? []).sorted())
        }
        return order
    }

    private static func parentPID(of pid: Int32) -> Int32? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let nameEnd = stat.lastIndex(of: ")")
        else { return nil }
        // After the name: state (field 3), then the parent's pid (field 4).
        let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
        return fields.count > 1 ? Int32(fields[1]) : nil
    }

    /// The program's name of `pid`: the base name of `argv[0]`, else the kernel's `comm`.
    public static func name(of pid: Int32) -> String {
        if let cmdline = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
            let first = cmdline.split(separator: 0, omittingEmptySubsequences: false).first, !first.isEmpty,
            let argv0 = String(bytes: first, encoding: .utf8)
        {
            return (argv0 as NSString).lastPathComponent
        }
        let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "?"
        return comm.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func kilobyteFields(_ text: String) -> [String: Int] {
        var fields: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count >= 2, parts[0].hasSuffix(":"), let value = Int(parts[1]) else { continue }
            fields[String(parts[0].dropLast())] = value
        }
        return fields
    }
}
