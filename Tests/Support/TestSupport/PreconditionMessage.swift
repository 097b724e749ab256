// Test names, one style per kind of test:
// - XCTest (the display and end-to-end tests): `test` and what holds, in camel case
//   (`testClosingTheLastTabAsksForTheWindowToClose`).
// - Swift Testing (the rest): `@Test func` and what holds, in camel case
//   (`aConsumerSetAfterDisconnectFailsNamingIt`), without a display name. The one exception
//   is a port of a Chromium unit test, whose display name is that test's name
//   (`@Test("InsertUrlSingle")` for `TEST_F(WebStateListTest, InsertUrlSingle)` in
//   `ios/chrome/browser/shared/model/web_state_list/web_state_list_unittest.mm`), so that the
//   original can be found.
// - A suite or test case class is named after what it tests, with `Tests` at the end; a base
//   class of test cases ends in `TestCase`.

public import Testing

extension ExitTest.Result? {
    /// Checks that the child process of a precondition test stopped with `message` (which
    /// names the method, as every precondition message does) on its standard error. Every
    /// precondition test has this one shape:
    ///
    ///     await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
    ///         await MainActor.run { WebStateList(delegate: nil).activate(at: 2) }
    ///     }.expectPreconditionMessage("WebStateList.activate(at:): index 2 out of range")
    ///
    /// The `#expect` cannot move into a helper: an exit test's body runs in a new process of
    /// the test binary, which finds it by the identifier `#expect(processExitsWith:)` gives
    /// the closure written at its call site. A closure handed to a function is a value, and
    /// only `Codable` values cross into the child (the capture list, `{ [index] in … }`); the
    /// macro is also refused in a generic function, and a macro declared in terms of it may
    /// only forward its own parameters (so it cannot add the check below). What can be shared
    /// is what happens once the child stopped, which is this method. Nil (the child did not
    /// fail) passes: `#expect` has recorded that already.
    public func expectPreconditionMessage(
        _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let result = self else { return }
        let standardError = String(decoding: result.standardErrorContent, as: UTF8.self)
        guard !standardError.contains(message) else { return }
        // What the runtime printed before the stack trace.
        let report = standardError.firstRange(of: "Current stack trace:").map {
            standardError[..<$0.lowerBound]
        }
        Issue.record(
            "the child did not stop with \"\(message)\" (observing \\.standardErrorContent?): \(report ?? standardError[...])",
            sourceLocation: sourceLocation)
    }
}
