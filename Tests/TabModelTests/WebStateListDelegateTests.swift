import ModelTestSupport
import TabModel
import Testing
import Web

/// The delegate's calls, and the production delegate's policies.
@MainActor
struct WebStateListDelegateTests {
    @Test func willAddWebStateComesBeforeTheInsertionIsNotified() throws {
        let f = try WebStateListFixture("| a")
        f.list.insert(f.webState("x"))
        #expect(f.log.events == ["willAdd(x)", "insert(x,1)"])
    }

    @Test func willAddWebStateComesBeforeTheReplacementIsNotified() throws {
        let f = try WebStateListFixture("| a")
        f.list.replace(at: 0, with: f.webState("x"))
        #expect(f.log.events == ["willAdd(x)", "replace(a->x,0)"])
    }

    @Test func willActivateWebStateComesBeforeTheActivationIsNotified() throws {
        let f = try WebStateListFixture("| a b")
        f.list.activate(at: 1)
        #expect(f.log.events == ["willActivate(b)", "statusOnly(b,1)"])
    }

    @Test func movingPinningAndDetachingInactiveTabsDoNotActivate() throws {
        let f = try WebStateListFixture("a | b* c d")
        f.list.move(from: 2, to: 3)
        f.list.setPinned(at: 1, true)
        f.list.detach(at: 3)
        #expect(f.delegate.count("willActivate") == 0)
        #expect(f.delegate.count("willAdd") == 0)
    }

    @Test(
        "BrowserWebStateListDelegate insertion policy",
        arguments: [
            (BrowserWebStateListDelegate.InsertionPolicy.attachTabHelpers, ["x", "y"]),
            (.doNothing, []),
        ])
    func insertionPolicy(policy: BrowserWebStateListDelegate.InsertionPolicy, attached: [String]) {
        let builder = WebStateListBuilder()
        var attachedNames: [String] = []
        let delegate = BrowserWebStateListDelegate(insertionPolicy: policy, activationPolicy: .doNothing) {
            attachedNames.append(builder.name(of: $0) ?? "_")
        }
        let list = WebStateList(delegate: delegate)

        list.insert(builder.webState(named: "x"))
        list.replace(at: 0, with: builder.webState(named: "y"))

        #expect(attachedNames == attached)
    }

    @Test func browserWebStateListDelegateAttachesTabHelpersByDefault() {
        let builder = WebStateListBuilder()
        var attachedNames: [String] = []
        let delegate = BrowserWebStateListDelegate { attachedNames.append(builder.name(of: $0) ?? "_") }
        let list = WebStateList(delegate: delegate)
        list.insert(builder.webState(named: "x"))
        #expect(attachedNames == ["x"])
    }

    @Test(
        "BrowserWebStateListDelegate activation policy",
        arguments: [
            (BrowserWebStateListDelegate.ActivationPolicy.forceRealization, true),
            (.doNothing, false),
        ])
    func activationPolicy(policy: BrowserWebStateListDelegate.ActivationPolicy, realizes: Bool) throws {
        let builder = WebStateListBuilder()
        let delegate = BrowserWebStateListDelegate(activationPolicy: policy)
        let list = WebStateList(delegate: delegate)
        try builder.build(list, "| a b c d")
        let names = ["a", "b", "c", "d", "x", "y"]
        func realized() -> [String] { names.filter { builder.webState(named: $0).isRealized } }
        #expect(realized().isEmpty)

        // Activation.
        list.activate(at: 1)
        #expect(realized() == (realizes ? ["b"] : []))

        // Insertion with activation.
        list.insert(builder.webState(named: "x"), WebStateListInsertionParams.automatic.activating())
        #expect(realized() == (realizes ? ["b", "x"] : []))

        // Replacing the active tab.
        list.replace(at: 4, with: builder.webState(named: "y"))
        #expect(realized() == (realizes ? ["b", "x", "y"] : []))

        // Detaching the active tab activates the next one.
        list.detach(at: 4)
        #expect(builder.describe(list) == "| a b c d*")
        #expect(realized() == (realizes ? ["b", "d", "x", "y"] : []))

        // Inserting without activation does not realize.
        list.insert(builder.webState(named: "z"))
        #expect(!builder.webState(named: "z").isRealized)
    }

    @Test func browserWebStateListDelegateForcesRealizationByDefault() throws {
        let builder = WebStateListBuilder()
        let delegate = BrowserWebStateListDelegate()
        let list = WebStateList(delegate: delegate)
        try builder.build(list, "| a b*")
        #expect(builder.webState(named: "b").isRealized)
        #expect(!builder.webState(named: "a").isRealized)
    }
}
