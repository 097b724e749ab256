public import CAdwaita
import CGTK
import GLibSupport
public import UIInterfaces

/// What an incognito window shows over a new tab: what incognito keeps and what it does not,
/// in plain words (Chromium's incognito new tab page, `IDS_NEW_TAB_OTR_*` in
/// `components/strings/components_strings.grd`). An `AdwStatusPage` shown over the content
/// only while ``NewTabPageConsumer`` says the tab is on the new tab page; it never takes the
/// focus, so typing goes to the location entry.
@MainActor
public final class IncognitoNewTabPageViewController: ViewController, NewTabPageConsumer {
    /// The `AdwStatusPage`, hidden until shown.
    public let widget: UnsafeMutablePointer<GtkWidget>

    private let ownership: GObjectRef

    static let title = "You’re Incognito"
    static let summary =
        "Other people who use this computer won’t see what you do in incognito windows."
    /// The sections under the summary: a heading and its points each.
    static let sections: [(heading: String, points: [String])] = [
        (
            "Swiftlet won’t keep",
            [
                "The pages you visit: they are not added to your history.",
                "Cookies and site data: they are deleted when you close the last incognito window.",
            ]
        ),
        ("Swiftlet keeps", ["Files you download.", "Bookmarks you make."]),
        (
            "Others can still see what you visit",
            [
                "The websites you visit.",
                "Your network: your employer or school, your internet service provider.",
            ]
        ),
    ]

    public init() {
        widget = adw_status_page_new()
        ownership = ownWidget(widget)
        let page = OpaquePointer(widget)
        adw_status_page_set_icon_name(page, "view-conceal-symbolic")
        adw_status_page_set_title(page, Self.title)
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
        gtk_box_append(cast(box), label(Self.summary, classes: ["body"], wraps: true))
        for section in Self.sections {
            let heading = label(section.heading, classes: ["heading"], wraps: false)
            gtk_widget_set_margin_top(heading, 12)
            gtk_box_append(cast(box), heading)
            for point in section.points {
                gtk_box_append(cast(box), label("• " + point, classes: [], wraps: true))
            }
        }
        adw_status_page_set_child(page, box)
        // Over the page, which is blank: a background of its own (the incognito window's
        // style sheet darkens it), not the page's white.
        gtk_widget_add_css_class(widget, "background")
        gtk_widget_add_css_class(widget, "new-tab-page")
        gtk_widget_set_visible(widget, 0)
    }

    private func label(_ text: String, classes: [String], wraps: Bool) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(text)!
        gtk_label_set_xalign(opaque(label), 0)
        gtk_label_set_max_width_chars(opaque(label), 60)
        if wraps { gtk_label_set_wrap(opaque(label), 1) }
        for name in classes { gtk_widget_add_css_class(label, name) }
        return label
    }

    var isShown: Bool { gtk_widget_get_visible(widget) != 0 }

    // MARK: NewTabPageConsumer

    public func setShown(_ shown: Bool) { gtk_widget_set_visible(widget, shown ? 1 : 0) }
}
