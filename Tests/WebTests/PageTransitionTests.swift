import Testing
import Web

struct PageTransitionTests {
    @Test(arguments: [
        (PageTransition.typed.adding(.fromAddressBar), "typed|fromAddressBar"),
        (PageTransition.link.adding(.serverRedirect).adding(.chainEnd), "link|chainEnd|serverRedirect"),
        (PageTransition.reload.adding(.forwardBack), "reload|forwardBack"),
        (PageTransition(rawValue: 0x42), "core(66)"),
    ])
    func describesCoreAndQualifiers(transition: PageTransition, description: String) {
        #expect(transition.description == description)
    }

    @Test func theValuesAreChromiums() {
        // ui/base/page_transition_types.h: a Chromium History file's visits.transition column.
        #expect(PageTransition.typed.adding(.chainStart).adding(.chainEnd).rawValue == 0x3000_0001)
        #expect(PageTransition.link.adding(.clientRedirect).isRedirect)
        #expect(!PageTransition.formSubmit.adding(.chainEnd).isRedirect)
        #expect(PageTransition.reload.adding(.forwardBack).coreTypeIs(.reload))
    }
}
