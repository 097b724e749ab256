import Foundation

/// A system call trace written by `strace -f -y` (one call a line, each led by its thread id,
/// file descriptors followed by their paths), reduced to what decides whether a save survives
/// a power loss, with the checks of that.
///
/// A save is reported done when the traced program writes a marker line (`saved <step>\n`)
/// to its standard output with one `write(2)`: the trace holds that write, in order with the
/// file system calls of every thread.
struct SyscallTrace {
    /// One call that succeeded.
    enum Event: Equatable {
        /// A file or directory was opened.
        case open(String)
        /// Bytes were written to the file.
        case write(String)
        /// `fsync` or `fdatasync` of the file or directory.
        case sync(String)
        /// The descriptor of the file was closed.
        case close(String)
        /// `from` was renamed (or hard linked) over or to `to`.
        case rename(from: String, to: String)
        /// A directory was created.
        case mkdir(String)
        /// The program reported save `step` done.
        case marker(step: Int)
    }

    /// A broken rule: which path, what is missing, and in which save.
    struct Violation: CustomStringConvertible, Equatable {
        /// The file or directory concerned.
        let path: String
        /// What was not done.
        let problem: String
        /// The step of the save that reported it done; `nil` for a save never reported.
        let step: Int?
        /// The line of the trace where the operation is.
        let line: Int

        var description: String {
            "\(path): \(problem) (\(step.map { "in the save reported by 'saved \($0)'" } ?? "in a save never reported");"
                + " trace line \(line))"
        }
    }

    /// The events in order, with their line in the trace.
    private(set) var events: [(line: Int, event: Event)] = []

    /// Parses the text of a trace. Calls that failed and calls that are not about files are
    /// left out; a call split by another thread (`<unfinished ...>`, `<... resumed>`) counts
    /// where it ended.
    init(_ text: String) {
        var pending: [Substring: String] = [:]
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.drop { $0 == " " }
            guard let space = line.firstIndex(of: " ") else { continue }
            let thread = line[..<space]
            var call = String(line[line.index(after: space)...].drop { $0 == " " })
            if call.hasSuffix(" <unfinished ...>") {
                pending[thread] = String(call.dropLast(" <unfinished ...>".count))
                continue
            }
            if call.hasPrefix("<... "), let resumed = call.range(of: " resumed>") {
                call = (pending.removeValue(forKey: thread) ?? "") + call[resumed.upperBound...]
            }
            if let event = Self.event(call) { events.append((number + 1, event)) }
        }
    }

    private static func event(_ call: String) -> Event? {
        guard let open = call.firstIndex(of: "("), let equals = call.range(of: ") = ", options: .backwards)
        else { return nil }
        let name = call[..<open]
        let arguments = String(call[call.index(after: open)..<equals.lowerBound])
        let result = call[equals.upperBound...]
        guard !result.hasPrefix("-") else { return nil }
        switch name {
        case "openat":
            return annotatedPath(String(result)).map { .open($0) }
        case "write":
            if arguments.hasPrefix("1<"), let text = quotedStrings(arguments, resolving: false).first,
                text.hasPrefix("saved "),
                let step = Int(text.dropFirst("saved ".count).prefix { $0.isNumber })
            {
                return .marker(step: step)
            }
            return annotatedPath(arguments).map { .write($0) }
        case "fsync", "fdatasync": return annotatedPath(arguments).map { .sync($0) }
        case "close": return annotatedPath(arguments).map { .close($0) }
        case "rename", "renameat", "renameat2", "link", "linkat":
            let paths = quotedStrings(arguments)
            guard paths.count == 2 else { return nil }
            return .rename(from: paths[0], to: paths[1])
        case "mkdir", "mkdirat":
            return quotedStrings(arguments).first.map { .mkdir($0) }
        default: return nil
        }
    }

    /// The path `strace -y` writes after the first descriptor in `text` (`3</a/b>`).
    private static func annotatedPath(_ text: String) -> String? {
        guard let start = text.firstIndex(of: "<"), let end = text[start...].firstIndex(of: ">") else {
            return nil
        }
        let path = String(text[text.index(after: start)..<end])
        return path.hasPrefix("/") ? path : nil
    }

    /// The quoted strings of `text`; paths (`resolving`) that are relative are resolved
    /// against the descriptor's path before them (`AT_FDCWD</cwd>, "name"`).
    private static func quotedStrings(_ text: String, resolving: Bool = true) -> [String] {
        var strings: [String] = []
        var directory: String?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "<" {
                if let end = text[index...].firstIndex(of: ">") {
                    directory = String(text[text.index(after: index)..<end])
                    index = text.index(after: end)
                    continue
                }
            }
            if character == "\"" {
                var value = ""
                index = text.index(after: index)
                while index < text.endIndex, text[index] != "\"" {
                    if text[index] == "\\", text.index(after: index) < text.endIndex {
                        index = text.index(after: index)
                        value.append(text[index] == "n" ? "\n" : text[index])
                    } else {
                        value.append(text[index])
                    }
                    index = text.index(after: index)
                }
                if resolving, !value.hasPrefix("/"), let directory, directory.hasPrefix("/") {
                    value = directory + "/" + value
                }
                strings.append(value)
                directory = nil
            }
            if index < text.endIndex { index = text.index(after: index) }
        }
        return strings
    }

    // MARK: Checks

    /// The steps the program reported done, in order.
    var markers: [Int] {
        events.compactMap { if case .marker(let step) = $0.event { step } else { nil } }
    }

    /// The renames and links, and the directories created.
    var renameCount: Int { events.count { if case .rename = $0.event { true } else { false } } }
    var mkdirCount: Int { events.count { if case .mkdir = $0.event { true } else { false } } }

    /// (a) Every file renamed over a target was fsynced after it was last opened or written,
    /// and closed after that, before the rename.
    func unsyncedRenames() -> [Violation] {
        var violations: [Violation] = []
        for (position, (line, event)) in events.enumerated() {
            guard case .rename(let source, _) = event else { continue }
            let before = events[..<position]
            let lastChange =
                before.lastIndex {
                    $0.event == .write(source) || $0.event == .open(source)
                } ?? before.startIndex
            let sync = before[lastChange...].lastIndex { $0.event == .sync(source) }
            let step = reportingStep(after: position)
            guard let sync else {
                violations.append(
                    Violation(
                        path: source, problem: "renamed without fsync after its last write", step: step,
                        line: line))
                continue
            }
            if !before[sync...].contains(where: { $0.event == .close(source) }) {
                violations.append(
                    Violation(
                        path: source, problem: "renamed while still open after its fsync", step: step,
                        line: line))
            }
        }
        return violations
    }

    /// (b) After each rename, the target's directory is fsynced before the save that made it
    /// is reported done.
    func renamesWithoutDirectorySync() -> [Violation] {
        violations { event in
            guard case .rename(_, let target) = event else { return nil }
            return (target, "its directory not fsynced after the rename")
        }
    }

    /// (c) Every directory created has its parent fsynced before the save that created it is
    /// reported done.
    func newDirectoriesWithoutParentSync() -> [Violation] {
        violations { event in
            guard case .mkdir(let directory) = event else { return nil }
            return (directory, "created, but its parent not fsynced after")
        }
    }

    /// For each event that `entry` names a path for: a violation unless that path's parent
    /// directory is fsynced after the event and before the next marker. Events after the
    /// last marker belong to a save that was never reported, and promise nothing.
    private func violations(_ entry: (Event) -> (path: String, problem: String)?) -> [Violation] {
        var violations: [Violation] = []
        for (position, (line, event)) in events.enumerated() {
            guard let (path, problem) = entry(event), let marker = nextMarker(after: position) else {
                continue
            }
            let parent = (path as NSString).deletingLastPathComponent
            let synced = events[(position + 1)..<marker].contains { $0.event == .sync(parent) }
            if !synced, case .marker(let step) = events[marker].event {
                violations.append(Violation(path: path, problem: problem, step: step, line: line))
            }
        }
        return violations
    }

    private func nextMarker(after position: Int) -> Int? {
        events[(position + 1)...].firstIndex { if case .marker = $0.event { true } else { false } }
    }

    private func reportingStep(after position: Int) -> Int? {
        nextMarker(after: position).flatMap {
            if case .marker(let step) = events[$0].event { step } else { nil }
        }
    }
}
