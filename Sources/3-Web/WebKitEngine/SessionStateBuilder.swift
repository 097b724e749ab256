import CWebKitGTK
import Foundation
import Web

/// Writes a ``NavigationHistory`` in WebKitGTK's serialized session state format, so that a
/// tab saved without WebKit's own blob still gets its whole back-forward list back.
///
/// The format is WebKitGTK's version 2 GVariant `(qa(s(ssssasmayxx(ii)dm(sa(uaysxmxmds))av)u)mu)`:
/// a version, then per entry the title, the main frame's state (URL, original URL, referrer,
/// target, form state, history state object, document and item sequence numbers, scroll
/// position, page scale, HTTP body, child frames) and the external URL policy, then the
/// current index. Checked against WebKitGTK 2.50; if a later WebKit rejects it,
/// `webkit_web_view_session_state_new` returns NULL and the caller falls back.
enum SessionStateBuilder {
    static let version: UInt16 = 2
    private static let itemType = "(s(ssssasmayxx(ii)dm(sa(uaysxmxmds))av)u)"
    private static let httpBodyType = "(sa(uaysxmxmds))"
    /// WebKit's "allow external schemes but not app links" value, what it writes for
    /// ordinary navigations.
    private static let externalURLsPolicy: UInt32 = 1

    /// Sequence numbers far above the ones WebKit hands out, unique in the process: each
    /// entry is its own document, so WebKit never treats moving between two of them as a
    /// same-document navigation.
    @MainActor private static var nextSequenceNumber: gint64 = 0x4000_0000_0000_0000

    /// The serialized state of `history`, or nil when it has no committed entry.
    @MainActor
    static func sessionState(for history: NavigationHistory) -> Data? {
        guard history.lastCommittedItem != nil else { return nil }
        let items: [OpaquePointer?] = history.items.map { item(for: $0) }
        let itemsArray = withType(itemType) { type in
            items.withUnsafeBufferPointer { g_variant_new_array(type, $0.baseAddress, gsize($0.count)) }
        }
        let current = withType("u") {
            g_variant_new_maybe($0, g_variant_new_uint32(UInt32(history.lastCommittedItemIndex)))
        }
        let state = tuple([g_variant_new_uint16(version), itemsArray, current])
        g_variant_ref_sink(state)
        defer { g_variant_unref(state) }
        guard let bytes = g_variant_get_data_as_bytes(state) else { return nil }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let data = g_bytes_get_data(bytes, &size), size > 0 else { return nil }
        return Data(bytes: data, count: Int(size))
    }

    @MainActor
    private static func item(for item: NavigationItem) -> OpaquePointer {
        let url = item.url.absoluteString
        let documentSequenceNumber = nextSequenceNumber
        let itemSequenceNumber = nextSequenceNumber + 1
        nextSequenceNumber += 2
        let frameState = tuple([
            g_variant_new_string(url), g_variant_new_string(url),
            g_variant_new_string(item.referrer?.url.absoluteString ?? ""), g_variant_new_string(""),
            withType("s") { g_variant_new_array($0, nil, 0) },
            withType("ay") { g_variant_new_maybe($0, nil) },
            g_variant_new_int64(documentSequenceNumber), g_variant_new_int64(itemSequenceNumber),
            tuple([g_variant_new_int32(0), g_variant_new_int32(0)]), g_variant_new_double(1),
            withType(httpBodyType) { g_variant_new_maybe($0, nil) },
            withType("v") { g_variant_new_array($0, nil, 0) },
        ])
        return tuple([g_variant_new_string(item.title), frameState, g_variant_new_uint32(externalURLsPolicy)])
    }

    private static func tuple(_ children: [OpaquePointer?]) -> OpaquePointer {
        children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
    }

    private static func withType<T>(_ typeString: String, _ body: (OpaquePointer) -> T) -> T {
        let type = g_variant_type_new(typeString)!
        defer { g_variant_type_free(type) }
        return body(type)
    }
}
