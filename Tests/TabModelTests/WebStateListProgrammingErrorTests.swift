import ModelTestSupport
import TabModel
import TestSupport
import Testing
import Web

/// A fixture for exit tests, whose bodies cannot capture one.
@MainActor
private func fixture(_ description: String) -> WebStateListFixture {
    do {
        return try WebStateListFixture(description)
    } catch {
        preconditionFailure("bad description \(description): \(error)")
    }
}

/// Programming errors fail loudly (Chromium CHECKs): each runs in a child process that
/// must crash.
@MainActor
struct WebStateListProgrammingErrorTests {
    @Test func theExitTestsFixtureWorksWhenUsedCorrectly() {
        let f = fixture("| a* b")
        f.list.move(from: 0, to: 1)
        #expect(f.description == "| b a*")
    }

    @Test func mutatingTheListFromAnObserversDidChangeFails() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let f = fixture("| a b")
                f.observer.onDidChange = { list in list.activate(at: 0) }
                f.list.insert(f.webState("x"))
            }
        }.expectPreconditionMessage("WebStateList.activate(at:): the list was mutated from inside")
    }

    @Test func mutatingTheListFromAnObserverDuringADetachFails() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let f = fixture("| a* b c")
                f.observer.onDidChange = { list in list.close(at: 0) }
                f.list.detach(at: 2)
            }
        }.expectPreconditionMessage("WebStateList.close(at:flags:): the list was mutated from inside")
    }

    @Test func startingABatchFromAnObserverFails() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let f = fixture("| a b")
                f.observer.onDidChange = { list in list.performBatchOperation {} }
                f.list.activate(at: 1)
            }
        }.expectPreconditionMessage(
            "WebStateList.performBatchOperation(_:): the list was mutated from inside")
    }

    @Test func readingTheListFromAnObserverIsFine() throws {
        let f = try WebStateListFixture("| a b")
        var seen: [String] = []
        f.observer.onDidChange = { list in seen.append(f.builder.describe(list)) }
        f.list.activate(at: 1)
        f.list.insert(f.webState("x"))
        #expect(seen == ["| a b*", "| a b* x"])
    }

    @Test func webStateAtAnInvalidIndexFails() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { _ = fixture("| a b").list.webState(at: 2) }
        }.expectPreconditionMessage("WebStateList.webState(at:): index 2 out of range (count 2)")
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { _ = fixture("| a b").list.webState(at: -1) }
        }.expectPreconditionMessage("WebStateList.webState(at:): index -1 out of range (count 2)")
    }

    @Test func queriesWithAnInvalidIndexFail() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { _ = fixture("| a b").list.isPinned(at: 2) }
        }.expectPreconditionMessage("WebStateList.isPinned(at:): index 2 out of range (count 2)")
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { _ = fixture("| a b").list.opener(at: 5) }
        }.expectPreconditionMessage("WebStateList.opener(at:): index 5 out of range (count 2)")
    }

    @Test func mutationsWithAnInvalidIndexFail() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { _ = fixture("| a b").list.detach(at: 2) }
        }.expectPreconditionMessage("WebStateList.detach(at:): index 2 out of range (count 2)")
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { fixture("| a b").list.close(at: -1) }
        }.expectPreconditionMessage("WebStateList.close(at:flags:): index -1 out of range (count 2)")
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { fixture("| a b").list.activate(at: 2) }
        }.expectPreconditionMessage("WebStateList.activate(at:): index 2 out of range (count 2)")
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { fixture("| a b").list.move(from: 2, to: 0) }
        }.expectPreconditionMessage("WebStateList.move(from:to:): index 2 out of range (count 2)")
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let f = fixture("| a b")
                f.list.replace(at: 2, with: f.webState("x"))
            }
        }.expectPreconditionMessage("WebStateList.replace(at:with:): index 2 out of range (count 2)")
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { _ = fixture("| a b").list.setPinned(at: 3, true) }
        }.expectPreconditionMessage("WebStateList.setPinned(at:_:): index 3 out of range (count 2)")
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { fixture("| a b").list.closeWebStates(atIndices: [0, 2]) }
        }.expectPreconditionMessage(
            "WebStateList.closeWebStates(atIndices:flags:): index 2 out of range (count 2)")
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { fixture("| a b").list.setOpener(at: 2, nil) }
        }.expectPreconditionMessage("WebStateList.setOpener(at:_:): index 2 out of range (count 2)")
    }

    @Test func insertingAWebStateAlreadyInTheListFails() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let f = fixture("| a b")
                f.list.insert(f.webState("a"))
            }
        }.expectPreconditionMessage("WebStateList.insert: the WebState is already in the list")
    }

    @Test func replacingWithAWebStateAlreadyInTheListFails() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let f = fixture("| a b")
                f.list.replace(at: 0, with: f.webState("b"))
            }
        }.expectPreconditionMessage("WebStateList.replace: the WebState is already in the list")
    }

    @Test func anOpenerNotInTheListFails() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let f = fixture("| a b")
                f.list.setOpener(at: 0, WebStateOpener(f.webState("stranger")))
            }
        }.expectPreconditionMessage("WebStateList.setOpener: opener not in the list")
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let f = fixture("| a b")
                f.list.insert(
                    f.webState("x"),
                    WebStateListInsertionParams.automatic.withOpener(WebStateOpener(f.webState("stranger"))))
            }
        }.expectPreconditionMessage("WebStateList.insert: the opener is not in the list")
    }

    @Test func nestedBatchesFail() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let f = fixture("| a b")
                f.list.performBatchOperation { f.list.performBatchOperation {} }
            }
        }.expectPreconditionMessage("WebStateList.performBatchOperation: batches do not nest")
        // The close helpers open their own batch, so they cannot run inside another.
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let f = fixture("| a b")
                f.list.performBatchOperation { closeAllWebStates(f.list) }
            }
        }.expectPreconditionMessage("WebStateList.performBatchOperation: batches do not nest")
    }

    @Test func usingTheListAfterItWasDestroyedFails() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let f = fixture("| a b")
                f.list.destroy()
                f.list.insert(f.webState("x"))
            }
        }.expectPreconditionMessage("WebStateList.insert(_:_:): the list was destroyed")
    }
}
