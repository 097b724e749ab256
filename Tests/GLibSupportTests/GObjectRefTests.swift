import CGLib
import GLibShims
import GLibSupport
import TestSupport
import XCTest

final class GObjectRefTests: MainActorTestCase, @unchecked Sendable {
    func testAdoptingUnrefsExactlyOnce() {
        onMainActor {
            let object = gshim_object_new(gshim_type_object())!
            let finalized = FinalizationCounter()
            finalized.watch(object)
            g_object_ref(object)  // a second owner
            var ref: GObjectRef? = GObjectRef(adopting: object)
            XCTAssertEqual(refCount(object), 2)
            XCTAssertEqual(ref?.typeName, "GObject")
            ref = nil
            XCTAssertEqual(refCount(object), 1, "released exactly one reference")
            XCTAssertEqual(finalized.count, 0)
            g_object_unref(object)
            XCTAssertEqual(finalized.count, 1)
        }
    }

    func testAdoptingSinksAFloatingReference() {
        onMainActor {
            let object = gshim_object_new(g_initially_unowned_get_type())!
            XCTAssertNotEqual(g_object_is_floating(object), 0)
            let finalized = FinalizationCounter()
            finalized.watch(object)
            var ref: GObjectRef? = GObjectRef(adopting: object)
            XCTAssertEqual(g_object_is_floating(object), 0)
            XCTAssertEqual(refCount(object), 1)
            XCTAssertNotNil(ref)
            ref = nil
            XCTAssertEqual(finalized.count, 1)
        }
    }

    func testRetainingAddsAReference() {
        onMainActor {
            let object = gshim_object_new(gshim_type_object())!
            let finalized = FinalizationCounter()
            finalized.watch(object)
            var first: GObjectRef? = GObjectRef(adopting: object)
            var second: GObjectRef? = GObjectRef(retaining: object)
            XCTAssertEqual(refCount(object), 2)
            XCTAssertEqual(first?.pointer, object)
            first = nil
            XCTAssertEqual(refCount(object), 1)
            XCTAssertEqual(finalized.count, 0)
            XCTAssertEqual(second?.pointer, object)
            second = nil
            XCTAssertEqual(finalized.count, 1)
        }
    }

    func testTypedAndOpaqueViews() {
        onMainActor {
            let ref = GObjectRef(adopting: makeAction("typed"))
            let typed: UnsafeMutablePointer<GObject> = ref.typed()
            XCTAssertEqual(UnsafeMutableRawPointer(typed), ref.pointer)
            XCTAssertEqual(String(cString: g_action_get_name(ref.opaque)), "typed")
        }
    }
}
