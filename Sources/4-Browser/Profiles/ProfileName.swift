/// A validated profile name; it is also the name of the profile's directory.
///
/// Valid: 1 to 64 bytes of UTF-8, no path separator, not `.` or `..`, no control
/// characters, no leading or trailing space, and not a name the layout reserves.
public struct ProfileName: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// Why a name was refused.
    public enum ValidationError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The name is empty.
        case empty
        /// The name is longer than ``ProfileName/maximumLength`` bytes.
        case tooLong(Int)
        /// The name contains `/` or `\`.
        case containsPathSeparator
        /// The name is `.` or `..`.
        case dotName
        /// The name contains a control character.
        case controlCharacter
        /// The name starts or ends with white space.
        case surroundingWhitespace
        /// The name is reserved by the user data directory's layout.
        case reserved(String)

        /// A sentence for the user.
        public var description: String {
            switch self {
            case .empty: "a profile name cannot be empty"
            case .tooLong(let n):
                "a profile name can have at most \(ProfileName.maximumLength) bytes (this one has \(n))"
            case .containsPathSeparator: "a profile name cannot contain '/' or '\\'"
            case .dotName: "a profile name cannot be '.' or '..'"
            case .controlCharacter: "a profile name cannot contain control characters"
            case .surroundingWhitespace: "a profile name cannot start or end with a space"
            case .reserved(let name): "'\(name)' is reserved and cannot be a profile name"
            }
        }
    }

    /// The longest name, in UTF-8 bytes.
    public static let maximumLength = 64
    /// Names the layout uses for other things.
    public static let reservedNames: Set<String> = [
        "Local State", "System Profile", "Cache", "Crash Reports",
    ]
    /// The name of the profile made on first start.
    public static let defaultProfile = try! ProfileName("Default")

    /// The name.
    public let rawValue: String

    /// Validates `name`.
    public init(_ name: String) throws(ValidationError) {
        if name.isEmpty { throw .empty }
        let bytes = name.utf8.count
        if bytes > Self.maximumLength { throw .tooLong(bytes) }
        if name.contains("/") || name.contains("\\") { throw .containsPathSeparator }
        if name == "." || name == ".." { throw .dotName }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .controlCharacter
        }
        if name.first!.isWhitespace || name.last!.isWhitespace { throw .surroundingWhitespace }
        if Self.reservedNames.contains(name) { throw .reserved(name) }
        rawValue = name
    }

    /// The name.
    public var description: String { rawValue }

    /// Orders by name.
    public static func < (lhs: ProfileName, rhs: ProfileName) -> Bool { lhs.rawValue < rhs.rawValue }
}
