import Prefs
import TestSupport
import Testing

@MainActor
struct PrefRegistryTests {
    @Test func registersWithDefaultsKindsAndScopes() {
        let registry = PrefRegistry()
        registry.register("b.flag", default: false, scope: .syncable)
        registry.register("a.count", default: 3)
        #expect(registry.isRegistered("a.count"))
        #expect(!registry.isRegistered("a"))
        #expect(registry.entry("b.flag")?.defaultValue == false)
        #expect(registry.entry("b.flag")?.kind == .bool)
        #expect(registry.entry("b.flag")?.scope == .syncable)
        #expect(registry.entry("a.count")?.scope == .local)
        #expect(registry.entry("nope") == nil)
        #expect(registry.entries.map(\.name) == ["a.count", "b.flag"])
    }

    @Test func siblingsAndUndottedNamesAreFine() {
        let registry = PrefRegistry()
        registry.register("a.b.c", default: 1)
        registry.register("a.b.d", default: 2)
        registry.register("a.e", default: 3)
        registry.register("top", default: "x")
        #expect(registry.entries.count == 4)
    }

    @Test func creatingAServiceFreezesTheRegistry() {
        let registry = PrefRegistry()
        #expect(!registry.isFrozen)
        _ = PrefService(registry: registry)
        #expect(registry.isFrozen)
    }

    @Test func registeringTwiceIsAProgrammingError() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let registry = PrefRegistry()
                registry.register("browser.flag", default: true)
                registry.register("browser.flag", default: true)
            }
        }.expectPreconditionMessage("PrefRegistry: pref 'browser.flag' is already registered")
    }

    @Test func registeringTwiceWithAnotherKindIsAProgrammingError() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let registry = PrefRegistry()
                registry.register("browser.flag", default: true, scope: .syncable)
                registry.register("browser.flag", default: 1)
            }
        }.expectPreconditionMessage("PrefRegistry: pref 'browser.flag' is already registered")
    }

    @Test func nestingAPrefInsideAnotherIsAProgrammingError() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let registry = PrefRegistry()
                registry.register("a.b", default: true)
                registry.register("a.b.c", default: true)
            }
        }.expectPreconditionMessage("PrefRegistry: pref 'a.b.c' would be nested inside registered pref 'a.b'")
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let registry = PrefRegistry()
                registry.register("a.b.c", default: true)
                registry.register("a.b", default: [:])
            }
        }.expectPreconditionMessage("PrefRegistry: pref 'a.b' would contain other registered prefs")
    }

    @Test func invalidNamesAreProgrammingErrors() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { PrefRegistry().register("", default: true) }
        }.expectPreconditionMessage(
            "PrefRegistry: invalid pref name '' (expected dot-separated non-empty components)")
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { PrefRegistry().register(".a", default: true) }
        }.expectPreconditionMessage(
            "PrefRegistry: invalid pref name '.a' (expected dot-separated non-empty components)")
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { PrefRegistry().register("a.", default: true) }
        }.expectPreconditionMessage(
            "PrefRegistry: invalid pref name 'a.' (expected dot-separated non-empty components)")
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { PrefRegistry().register("a..b", default: true) }
        }.expectPreconditionMessage(
            "PrefRegistry: invalid pref name 'a..b' (expected dot-separated non-empty components)")
    }

    @Test func registeringAfterAServiceStartedIsAProgrammingError() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let registry = PrefRegistry()
                registry.register("a", default: true)
                _ = PrefService(registry: registry)
                registry.register("b", default: true)
            }
        }.expectPreconditionMessage(
            "PrefRegistry: 'b' registered after a PrefService started using the registry")
    }

    @Test func nonFiniteDefaultIsAProgrammingError() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { PrefRegistry().register("zoom", default: .double(.nan)) }
        }.expectPreconditionMessage(
            "PrefRegistry: default value of 'zoom' contains a number that is not finite")
    }
}
