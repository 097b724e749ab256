import CGTK
import Commands
import Foundation
import GLibSupport
import GTKShims
import GTKTestSupport
import XCTest

/// Shared set-up of the view controller tests: a fresh dispatcher per test (GTK and
/// libadwaita are ``GTKTestCase``'s).
class ViewControllerTestCase: GTKTestCase, @unchecked Sendable {
    /// How long any wait may take before the test fails instead of hanging.
    static let timeout: Duration = .seconds(5)

    nonisolated(unsafe) var dispatcher: CommandDispatcher!

    override func setUpWithError() throws {
        try super.setUpWithError()
        onMainActor { dispatcher = CommandDispatcher() }
    }

    override func tearDown() {
        onMainActor {
            dispatcher = nil
            // Let GTK finish what the test started (idle callbacks, finalizations).
            GLibMainLoop.dispatchPending()
        }
        super.tearDown()
    }

    /// Runs the main context until `condition` holds; fails the test if it does not in time.
    @MainActor
    func pump(
        _ message: String = "condition", file: StaticString = #filePath, line: UInt = #line,
        until condition: () -> Bool
    ) {
        if !GLibMainLoop.pump(timeout: Self.timeout, until: condition) {
            XCTFail("timed out waiting for \(message)", file: file, line: line)
        }
    }

    /// Runs what the main context has ready now (idle callbacks included).
    @MainActor
    func settle() {
        GLibMainLoop.dispatchPending()
    }
}

/// The widgets under `root` (itself included) of GType `type`, in tree order.
@MainActor
func descendants(
    of root: UnsafeMutablePointer<GtkWidget>, ofType type: GType
) -> [UnsafeMutablePointer<GtkWidget>] {
    var found = gtkshim_is_a(UnsafeMutableRawPointer(root), type) != 0 ? [root] : []
    var child = gtk_widget_get_first_child(root)
    while let current = child {
        found += descendants(of: current, ofType: type)
        child = gtk_widget_get_next_sibling(current)
    }
    return found
}

/// The buttons under `root` showing the icon `iconName`.
@MainActor
func iconButtons(
    in root: UnsafeMutablePointer<GtkWidget>, _ iconName: String
) -> [UnsafeMutablePointer<GtkWidget>] {
    descendants(of: root, ofType: gtk_button_get_type()).filter { button in
        gtk_button_get_icon_name(UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkButton.self)).map
        { String(cString: $0) } == iconName
    }
}
