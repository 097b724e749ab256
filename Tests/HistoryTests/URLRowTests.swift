import Foundation
import History
import Testing

struct URLRowTests {
    @Test func aNewRowIsNotStoredAndCountsNothing() {
        let row = URLRow(
            url: URL(string: "https://example.test/")!, lastVisit: Date(timeIntervalSince1970: 0))
        #expect(row.id == 0)
        #expect(row.visitCount == 0 && row.typedCount == 0 && !row.hidden)
    }
}
