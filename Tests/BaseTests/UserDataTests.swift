import Base
import Testing

private final class FindHelper {
    let label: String
    init(_ label: String = "") { self.label = label }
}

private final class ZoomHelper {}

private final class Owner: SupportsUserData {
    let userData = UserDataStore()
}

@Suite struct UserDataTests {
    @Test func emptyStoreHasNothing() {
        let store = UserDataStore()
        #expect(store.count == 0)
        #expect(store.get(UserDataKey<FindHelper>()) == nil)
        #expect(!store.contains(UserDataKey<FindHelper>()))
        #expect(store.remove(UserDataKey<FindHelper>()) == nil)
    }

    @Test func typedKeysAreIdentifiedByTheirValueType() {
        #expect(UserDataKey<FindHelper>() == UserDataKey<FindHelper>())
        #expect(UserDataKey<FindHelper>("a") == UserDataKey<FindHelper>("a"))
        #expect(UserDataKey<FindHelper>("a") != UserDataKey<FindHelper>("b"))
        #expect(UserDataKey<FindHelper>("a") != UserDataKey<FindHelper>())

        let store = UserDataStore()
        let find = FindHelper()
        let zoom = ZoomHelper()
        store.set(find, for: UserDataKey<FindHelper>())
        store.set(zoom, for: UserDataKey<ZoomHelper>())

        #expect(store.count == 2)
        #expect(store.get(UserDataKey<FindHelper>()) === find)
        #expect(store.get(UserDataKey<ZoomHelper>()) === zoom)
        // A fresh key value of the same type names the same slot.
        #expect(store.contains(UserDataKey<FindHelper>()))
    }

    @Test func namedKeysDistinguishValuesOfTheSameType() {
        let store = UserDataStore()
        let plain = FindHelper("plain")
        let first = FindHelper("first")
        let second = FindHelper("second")
        store.set(plain, for: UserDataKey<FindHelper>())
        store.set(first, for: UserDataKey<FindHelper>("first"))
        store.set(second, for: UserDataKey<FindHelper>("second"))

        #expect(store.count == 3)
        #expect(store.get(UserDataKey<FindHelper>())?.label == "plain")
        #expect(store.get(UserDataKey<FindHelper>("first"))?.label == "first")
        #expect(store.get(UserDataKey<FindHelper>("second"))?.label == "second")
        #expect(store.get(UserDataKey<FindHelper>("third")) == nil)

        store.remove(UserDataKey<FindHelper>("first"))
        #expect(store.get(UserDataKey<FindHelper>()) === plain)
        #expect(store.get(UserDataKey<FindHelper>("second")) === second)
    }

    @Test func namesDoNotCollideAcrossTypes() {
        let store = UserDataStore()
        let find = FindHelper()
        let zoom = ZoomHelper()
        store.set(find, for: UserDataKey<FindHelper>("shared"))
        store.set(zoom, for: UserDataKey<ZoomHelper>("shared"))
        #expect(store.count == 2)
        #expect(store.get(UserDataKey<FindHelper>("shared")) === find)
        #expect(store.get(UserDataKey<ZoomHelper>("shared")) === zoom)
    }

    @Test func setReplacesAndReleasesTheOldValue() {
        let store = UserDataStore()
        let key = UserDataKey<FindHelper>()
        weak var weakOld: FindHelper?
        do {
            let old = FindHelper("old")
            weakOld = old
            store.set(old, for: key)
        }
        #expect(weakOld != nil)

        let new = FindHelper("new")
        store.set(new, for: key)
        #expect(weakOld == nil)
        #expect(store.get(key) === new)
        #expect(store.count == 1)
    }

    @Test func removeReturnsTheValueAndDetachesIt() {
        let store = UserDataStore()
        let key = UserDataKey<FindHelper>()
        let other = UserDataKey<FindHelper>("other")
        let value = FindHelper()
        store.set(value, for: key)
        store.set(FindHelper(), for: other)

        #expect(store.remove(key) === value)
        #expect(!store.contains(key))
        #expect(store.get(key) == nil)
        #expect(store.contains(other))
        #expect(store.count == 1)
        #expect(store.remove(key) == nil)
    }

    @Test func removeReleasesTheValueOnceTheCallerDropsIt() {
        let store = UserDataStore()
        let key = UserDataKey<FindHelper>()
        weak var weakValue: FindHelper?
        do {
            let value = FindHelper()
            weakValue = value
            store.set(value, for: key)
        }
        store.remove(key)
        #expect(weakValue == nil)
    }

    @Test func containsTracksSetAndRemove() {
        let store = UserDataStore()
        let key = UserDataKey<ZoomHelper>()
        #expect(!store.contains(key))
        store.set(ZoomHelper(), for: key)
        #expect(store.contains(key))
        #expect(!store.contains(UserDataKey<ZoomHelper>("named")))
        store.remove(key)
        #expect(!store.contains(key))
    }

    @Test func getOrCreateCreatesOnce() {
        let store = UserDataStore()
        let key = UserDataKey<FindHelper>()
        var made = 0
        let first = store.getOrCreate(key) {
            made += 1
            return FindHelper()
        }
        let second = store.getOrCreate(key) {
            made += 1
            return FindHelper()
        }
        #expect(made == 1)
        #expect(first === second)
        #expect(store.get(key) === first)
        #expect(store.count == 1)
    }

    @Test func getOrCreateKeepsAnExistingValue() {
        let store = UserDataStore()
        let key = UserDataKey<FindHelper>()
        let existing = FindHelper()
        store.set(existing, for: key)
        var made = 0
        let value = store.getOrCreate(key) {
            made += 1
            return FindHelper()
        }
        #expect(value === existing)
        #expect(made == 0)
    }

    @Test func getOrCreateAttachesNothingWhenCreationFails() {
        struct Failed: Error {}
        let store = UserDataStore()
        let key = UserDataKey<FindHelper>()
        #expect(throws: Failed.self) {
            _ = try store.getOrCreate(key) { throw Failed() }
        }
        #expect(!store.contains(key))
        #expect(store.count == 0)
    }

    @Test func removeAllReleasesEverything() {
        let store = UserDataStore()
        weak var weakFind: FindHelper?
        weak var weakNamed: FindHelper?
        weak var weakZoom: ZoomHelper?
        do {
            let find = FindHelper()
            let named = FindHelper("named")
            let zoom = ZoomHelper()
            weakFind = find
            weakNamed = named
            weakZoom = zoom
            store.set(find, for: UserDataKey())
            store.set(named, for: UserDataKey("named"))
            store.set(zoom, for: UserDataKey())
        }
        #expect(store.count == 3)
        #expect(weakFind != nil && weakNamed != nil && weakZoom != nil)

        store.removeAll()
        #expect(store.count == 0)
        #expect(weakFind == nil)
        #expect(weakNamed == nil)
        #expect(weakZoom == nil)
        #expect(!store.contains(UserDataKey<FindHelper>()))
    }

    @Test func dataLivesAsLongAsItsOwner() {
        weak var weakHelper: FindHelper?
        var owner: Owner? = Owner()
        do {
            let helper = owner!.userData.getOrCreate(UserDataKey<FindHelper>()) { FindHelper() }
            weakHelper = helper
        }
        #expect(weakHelper != nil)
        #expect(owner?.userData.get(UserDataKey<FindHelper>()) === weakHelper)
        owner = nil
        #expect(weakHelper == nil)
    }
}
