public import Base

/// Why a prefs file could not be used, and what was done about it.
public struct PrefLoadProblem: Equatable, Sendable, CustomStringConvertible {
    /// What was wrong with the file.
    public enum Reason: Equatable, Sendable {
        /// The file was empty.
        case empty
        /// The file was not valid JSON; the associated value says where and why.
        case invalidJSON(String)
        /// The file was valid JSON but not a JSON object.
        case notAnObject
        /// The value stored for a registered pref (or an object on its path) had the wrong
        /// kind: that pref alone was reset to its default, and the file kept.
        case wrongType(pref: String, expected: PrefValue.Kind)
        /// The file could not be read, though it may be fine (permission denied, an I/O
        /// error). It is left where it is, and never written.
        case unreadable(ProfileFileReadError)
        /// Something other than a regular prefs file is in its place (a link, a named pipe,
        /// a directory, a file over ``JSONPrefStore/maximumFileSize``); the associated value
        /// says which.
        case notAPrefsFile(String)
    }

    /// The prefs file.
    public let path: String
    /// What was wrong.
    public let reason: Reason
    /// Where the file was moved (`<path>.bad`), or nil if it stayed where it was: then the
    /// store saves nothing, so that the file is not lost.
    public let movedTo: String?

    public init(path: String, reason: Reason, movedTo: String?) {
        self.path = path
        self.reason = reason
        self.movedTo = movedTo
    }

    /// The reason in words, e.g. "not valid JSON (line 1, column 2: ...)".
    public var reasonDescription: String {
        switch reason {
        case .empty: "the file is empty"
        case .invalidJSON(let detail): "not valid JSON (\(detail))"
        case .notAnObject: "not a JSON object"
        case .wrongType(let pref, let expected): "the value of '\(pref)' is not of type \(expected.rawValue)"
        case .unreadable(let detail): "could not read the file (\(detail))"
        case .notAPrefsFile(let detail): "not a prefs file (\(detail))"
        }
    }

    /// A sentence naming the file, the reason and the consequence.
    public var description: String {
        if case .wrongType = reason {
            "prefs file \(path): \(reasonDescription); that pref alone is reset to its default"
        } else if let movedTo {
            "prefs file \(path): \(reasonDescription); moved it to \(movedTo) and using the defaults"
        } else {
            "prefs file \(path): \(reasonDescription); using the defaults and not saving changes to it"
        }
    }
}
