import CGLib
import GLibShims
import GLibSupport
import TestSupport
import XCTest

final class SignalConnectionTests: MainActorTestCase, @unchecked Sendable {
    func testHandlerRunsWithArguments() {
        onMainActor {
            let action = GObjectRef(adopting: makeAction())
            var calls: [(count: Int, instance: UnsafeMutableRawPointer?, type: String)] = []
            let connection = SignalConnection.connect(action.pointer, signal: "activate") { args in
                calls.append((args.count, args.instance, args.typeName(at: 0)))
            }
            activate(action.pointer)
            activate(action.pointer)
            XCTAssertEqual(calls.count, 2)
            XCTAssertEqual(calls.first?.count, 2)  // the instance and the GVariant parameter
            XCTAssertEqual(calls.first?.instance, action.pointer)
            XCTAssertEqual(calls.first?.type, "GSimpleAction")
            XCTAssertTrue(connection.isConnected)
            XCTAssertEqual(connection.signal, "activate")
        }
    }

    func testHandlerReleasedOnCancel() {
        onMainActor {
            let action = GObjectRef(adopting: makeAction())
            let deinitsBefore = Tracker.deinits
            weak var weakTracker: Tracker?
            var calls = 0
            let connection: SignalConnection
            do {
                let tracker = Tracker("cancel")
                weakTracker = tracker
                connection = SignalConnection.connect(action.pointer, signal: "activate") { _ in
                    calls += 1
                    _ = tracker.name
                }
            }
            activate(action.pointer)
            XCTAssertEqual(calls, 1)
            XCTAssertNotNil(weakTracker, "the connection keeps the handler alive")
            connection.cancel()
            XCTAssertNil(weakTracker, "cancel releases the handler and what it captured")
            XCTAssertEqual(Tracker.deinits, deinitsBefore + 1)
            XCTAssertFalse(connection.isConnected)
            activate(action.pointer)
            XCTAssertEqual(calls, 1, "no call after cancel")
            connection.cancel()  // idempotent
            XCTAssertEqual(refCount(action.pointer), 1, "the connection holds no reference to the object")
        }
    }

    func testHandlerReleasedWhenTokenGoes() {
        onMainActor {
            let action = GObjectRef(adopting: makeAction())
            weak var weakTracker: Tracker?
            var calls = 0
            var connection: SignalConnection?
            do {
                let tracker = Tracker("token")
                weakTracker = tracker
                connection = SignalConnection.connect(action.pointer, signal: "activate") { _ in
                    calls += 1
                    _ = tracker.name
                }
            }
            XCTAssertNotNil(connection)
            connection = nil
            XCTAssertNil(weakTracker, "releasing the token disconnects and releases the handler")
            activate(action.pointer)
            XCTAssertEqual(calls, 0)
        }
    }

    func testHandlerReleasedOnObjectFinalization() {
        onMainActor {
            var action: GObjectRef? = GObjectRef(adopting: makeAction())
            let finalized = FinalizationCounter()
            finalized.watch(action!.pointer)
            weak var weakTracker: Tracker?
            let connection: SignalConnection
            do {
                let tracker = Tracker("finalize")
                weakTracker = tracker
                connection = SignalConnection.connect(action!.pointer, signal: "activate") { _ in
                    _ = tracker.name
                }
            }
            XCTAssertNotNil(weakTracker)
            action = nil
            XCTAssertEqual(finalized.count, 1)
            XCTAssertNil(weakTracker, "finalizing the object releases the handler while the token lives")
            XCTAssertFalse(connection.isConnected)
            connection.cancel()  // the object is gone: must not touch it
            XCTAssertFalse(connection.isConnected)
        }
    }

    func testHandlerMayCancelItsOwnConnection() {
        onMainActor {
            let action = GObjectRef(adopting: makeAction())
            var connection: SignalConnection?
            var calls = 0
            connection = SignalConnection.connect(action.pointer, signal: "activate") { _ in
                calls += 1
                connection?.cancel()
                connection = nil
            }
            activate(action.pointer)
            activate(action.pointer)
            XCTAssertEqual(calls, 1)
            XCTAssertNil(connection)
        }
    }

    func testBooleanReturnValue() {
        onMainActor {
            // GtkWidget's "query-tooltip"-style boolean signals need a display; GApplication's
            // "command-line" needs a command line. GObject's own "notify" returns nothing:
            // setting a return value on it is a no-op.
            let action = GObjectRef(adopting: makeAction())
            var hadReturnValue = true
            let connection = SignalConnection.connect(action.pointer, signal: "notify::enabled") { args in
                hadReturnValue = args.hasReturnValue
                args.setReturnValue(true)
            }
            g_simple_action_set_enabled(action.opaque, 0)
            XCTAssertFalse(hadReturnValue)
            XCTAssertTrue(connection.isConnected)
        }
    }
}
