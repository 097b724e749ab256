/// The prefs a ``PrefService`` knows: each has a dotted name, a default value whose kind
/// fixes the pref's kind, and a ``PrefScope``.
///
/// Register every pref before creating the service that uses the registry: registering
/// afterwards, registering a name twice, an invalid name, or a name that would nest inside
/// another pref (`"a.b"` and `"a.b.c"`) are programming errors.
@MainActor
public final class PrefRegistry {
    /// A registered pref.
    public struct Entry: Equatable, Sendable {
        /// The dotted name, e.g. `"browser.show_home_button"`.
        public let name: String
        /// The value used while no other value is set; its kind is the pref's kind.
        public let defaultValue: PrefValue
        /// Whether the pref may be synced.
        public let scope: PrefScope
        /// The name's components: the path of nested objects in a prefs file.
        let path: [String]

        /// The kind of every value of the pref.
        public var kind: PrefValue.Kind { defaultValue.kind }
    }

    private var entriesByName: [String: Entry] = [:]
    /// Every proper prefix of a registered name ("a" and "a.b" for "a.b.c").
    private var interiorNames: Set<String> = []

    /// Whether a service uses the registry, so that registering is no longer allowed.
    public private(set) var isFrozen = false

    public init() {}

    /// Registers the pref `name` with `defaultValue` and `scope`.
    ///
    /// `name` is made of non-empty components separated by dots. The default value must
    /// be representable in JSON (no infinite or NaN double).
    public func register(_ name: String, default defaultValue: PrefValue, scope: PrefScope = .local) {
        precondition(
            !isFrozen, "PrefRegistry: '\(name)' registered after a PrefService started using the registry")
        let path = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        precondition(
            !name.isEmpty && path.allSatisfy { !$0.isEmpty },
            "PrefRegistry: invalid pref name '\(name)' (expected dot-separated non-empty components)")
        precondition(entriesByName[name] == nil, "PrefRegistry: pref '\(name)' is already registered")
        precondition(
            !interiorNames.contains(name),
            "PrefRegistry: pref '\(name)' would contain other registered prefs")
        var prefixes: [String] = []
        var prefix = ""
        for component in path.dropLast() {
            prefix = prefix.isEmpty ? component : prefix + "." + component
            precondition(
                entriesByName[prefix] == nil,
                "PrefRegistry: pref '\(name)' would be nested inside registered pref '\(prefix)'")
            prefixes.append(prefix)
        }
        precondition(
            defaultValue.isRepresentableInJSON,
            "PrefRegistry: default value of '\(name)' contains a number that is not finite")
        entriesByName[name] = Entry(name: name, defaultValue: defaultValue, scope: scope, path: path)
        interiorNames.formUnion(prefixes)
    }

    /// The registration of `name`, if it is registered.
    public func entry(_ name: String) -> Entry? { entriesByName[name] }

    /// Whether `name` is registered.
    public func isRegistered(_ name: String) -> Bool { entriesByName[name] != nil }

    /// Every registered pref, sorted by name.
    public var entries: [Entry] { entriesByName.values.sorted { $0.name < $1.name } }

    /// Forbids further registration; called when a service starts using the registry.
    func freeze() { isFrozen = true }
}
