import BenchmarkSupport
import CXCB
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Tells when a browser's window appears, the same way for every browser: from the X server.
/// It asks for the root window's substructure events and notes the time
/// (``ProcessClock``) of every `MapNotify` for a top-level window that is not
/// override-redirect (a menu, a tooltip) and is at least 200 × 200 pixels (browsers map small
/// helper windows too). Under Xvfb there is no window manager: a browser's top-level windows
/// are the root window's children, and `MapNotify` is sent when the server maps one.
///
/// Its own thread waits for events for the life of the process.
final class WindowMapWatcher: Sendable {
    /// A window the server mapped.
    struct Mapping: Sendable {
        /// When the event was read.
        var time: UInt64
        /// The X window id.
        var window: UInt32
        /// Its size.
        var width: Int
        var height: Int
    }

    /// Why the watcher could not start.
    struct StartError: Error, CustomStringConvertible {
        /// What failed.
        var description: String
    }

    private let mappings = Mutex<[Mapping]>([])

    /// Connects to `DISPLAY` and starts watching.
    init() throws(StartError) {
        var screenNumber: Int32 = 0
        guard let connection = xcb_connect(nil, &screenNumber), xcb_connection_has_error(connection) == 0
        else {
            throw StartError(description: "cannot connect to the X server of DISPLAY")
        }
        var screens = xcb_setup_roots_iterator(xcb_get_setup(connection))
        for _ in 0..<screenNumber { xcb_screen_next(&screens) }
        guard let screen = screens.data else { throw StartError(description: "the X server has no screen") }
        let root = screen.pointee.root
        var mask = XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY.rawValue
        let cookie = xcb_change_window_attributes_checked(connection, root, XCB_CW_EVENT_MASK.rawValue, &mask)
        if let error = xcb_request_check(connection, cookie) {
            free(error)
            throw StartError(description: "cannot watch the root window's children")
        }
        let events = EventThread(connection: connection, watcher: self)
        let thread = Thread { events.run() }
        thread.name = "WindowMapWatcher"
        thread.start()
    }

    /// The first window mapped at or after `time`, if any.
    func firstMapping(since time: UInt64) -> Mapping? {
        mappings.withLock { $0.first { $0.time >= time } }
    }

    fileprivate func record(_ mapping: Mapping) { mappings.withLock { $0.append(mapping) } }
}

/// The loop reading the X connection (only this thread uses it once it runs).
private final class EventThread: @unchecked Sendable {
    private let connection: OpaquePointer
    private let watcher: WindowMapWatcher

    init(connection: OpaquePointer, watcher: WindowMapWatcher) {
        self.connection = connection
        self.watcher = watcher
    }

    func run() {
        while let event = xcb_wait_for_event(connection) {
            defer { free(event) }
            let time = ProcessClock.monotonicNanoseconds()
            guard event.pointee.response_type & 0x7f == XCB_MAP_NOTIFY else { continue }
            let map = UnsafeMutableRawPointer(event).assumingMemoryBound(to: xcb_map_notify_event_t.self)
                .pointee
            guard map.override_redirect == 0,
                let geometry = xcb_get_geometry_reply(
                    connection, xcb_get_geometry(connection, map.window), nil)
            else { continue }
            let width = Int(geometry.pointee.width)
            let height = Int(geometry.pointee.height)
            free(geometry)
            guard width >= 200, height >= 200 else { continue }
            watcher.record(.init(time: time, window: map.window, width: width, height: height))
        }
    }
}
