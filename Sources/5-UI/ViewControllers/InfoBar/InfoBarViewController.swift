public import CAdwaita
import CGTK
public import Commands
import GLibSupport
import GTKShims
public import UIInterfaces

/// The window's info bars: a vertical stack of bars, newest last, each with a message, an
/// optional detail line, an optional check button, buttons and an optional close button.
///
/// Bars are shown, replaced and hidden only by ``InfoBarConsumer`` pushes, except that a bar
/// hides itself when one of its buttons or its close button is clicked, just before it sends
/// ``InfoBarCommands/infoBarButtonActivated(_:button:)`` or
/// ``InfoBarCommands/infoBarDismissed(_:)``. Each bar is drawn as the theme's info bar
/// (GtkInfoBar itself is deprecated) and has the alert accessible role.
@MainActor
public final class InfoBarViewController: ViewController, InfoBarConsumer {
    /// The stack of bars (a vertical GtkBox; empty, it takes no room).
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// One bar shown.
    final class Bar {
        let item: InfoBarItem
        /// The bar's root widget (the "infobar" frame).
        let frame: UnsafeMutablePointer<GtkWidget>
        let messageLabel: UnsafeMutablePointer<GtkWidget>
        let detailLabel: UnsafeMutablePointer<GtkWidget>?
        /// The buttons, in the item's order.
        let buttons: [UnsafeMutablePointer<GtkWidget>]
        let closeButton: UnsafeMutablePointer<GtkWidget>?
        /// The check button, if the item has one.
        var checkButton: UnsafeMutablePointer<GtkWidget>?
        var connections: [SignalConnection] = []

        init(
            item: InfoBarItem, frame: UnsafeMutablePointer<GtkWidget>,
            messageLabel: UnsafeMutablePointer<GtkWidget>, detailLabel: UnsafeMutablePointer<GtkWidget>?,
            buttons: [UnsafeMutablePointer<GtkWidget>], closeButton: UnsafeMutablePointer<GtkWidget>?
        ) {
            self.item = item
            self.frame = frame
            self.messageLabel = messageLabel
            self.detailLabel = detailLabel
            self.buttons = buttons
            self.closeButton = closeButton
        }
    }

    /// The bars shown, top to bottom.
    private(set) var bars: [Bar] = []

    private let infoBar: CommandSender<any InfoBarCommands>
    private let ownership: GObjectRef

    /// An empty stack; what the user does with a bar is sent through `infoBar`.
    public init(infoBar: CommandSender<any InfoBarCommands>) {
        self.infoBar = infoBar
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        ownership = ownWidget(widget)
    }

    /// The bar of `kind`, if shown.
    func bar(_ kind: InfoBarKind) -> Bar? { bars.first { $0.item.kind == kind } }

    // MARK: InfoBarConsumer

    /// Shows `item`, in place of the bar of the same kind or under the others.
    public func showInfoBar(_ item: InfoBarItem) {
        let bar = makeBar(item)
        if let index = bars.firstIndex(where: { $0.item.kind == item.kind }) {
            let old = bars[index]
            gtk_box_insert_child_after(cast(widget), bar.frame, old.frame)
            gtk_box_remove(cast(widget), old.frame)
            bars[index] = bar
        } else {
            gtk_box_append(cast(widget), bar.frame)
            bars.append(bar)
        }
    }

    /// Hides the bar of `kind`, if shown.
    public func hideInfoBar(_ kind: InfoBarKind) {
        guard let index = bars.firstIndex(where: { $0.item.kind == kind }) else { return }
        let bar = bars.remove(at: index)
        bar.connections.removeAll()
        gtk_box_remove(cast(widget), bar.frame)
    }

    // MARK: Building a bar

    private func makeBar(_ item: InfoBarItem) -> Bar {
        let frame = gtkshim_info_bar_frame_new()!
        gtk_widget_add_css_class(frame, "info")
        let revealer = gtk_revealer_new()!
        gtk_revealer_set_reveal_child(opaque(revealer), 1)
        adw_bin_set_child(cast(frame), revealer)
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_revealer_set_child(opaque(revealer), row)

        let text = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_set_hexpand(text, 1)
        gtk_widget_set_valign(text, GTK_ALIGN_CENTER)
        let messageLabel = label(item.message)
        gtk_box_append(cast(text), messageLabel)
        var detailLabel: UnsafeMutablePointer<GtkWidget>?
        if let detail = item.detail {
            let detailWidget = label(detail)
            gtk_widget_add_css_class(detailWidget, "dim-label")
            gtk_box_append(cast(text), detailWidget)
            detailLabel = detailWidget
        }
        gtk_box_append(cast(row), text)

        var checkButton: UnsafeMutablePointer<GtkWidget>?
        if let check = item.check {
            let widget = gtk_check_button_new_with_label(check.label)!
            gtk_check_button_set_active(cast(widget), check.isActive ? 1 : 0)
            setAccessibleLabel(widget, check.label)
            gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
            gtk_box_append(cast(row), widget)
            checkButton = widget
        }

        var buttons: [UnsafeMutablePointer<GtkWidget>] = []
        for button in item.buttons {
            let widget = gtk_button_new_with_label(button.label)!
            setAccessibleLabel(widget, button.label)
            gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
            gtk_box_append(cast(row), widget)
            buttons.append(widget)
        }
        var closeButton: UnsafeMutablePointer<GtkWidget>?
        if item.isDismissible {
            let close = iconButton("window-close-symbolic", label: "Dismiss")
            gtk_widget_add_css_class(close, "close")
            gtk_widget_set_valign(close, GTK_ALIGN_CENTER)
            gtk_box_append(cast(row), close)
            closeButton = close
        }

        let bar = Bar(
            item: item, frame: frame, messageLabel: messageLabel, detailLabel: detailLabel, buttons: buttons,
            closeButton: closeButton)
        bar.checkButton = checkButton
        let kind = item.kind
        for (button, widget) in zip(item.buttons, buttons) {
            let buttonKind = button.kind
            bar.connections.append(
                SignalConnection.connect(rawPointer(widget), signal: "clicked") { [weak self] _ in
                    guard let checkButton else {
                        self?.userClosed(kind) { $0.infoBarButtonActivated(kind, button: buttonKind) }
                        return
                    }
                    let isChecked = gtk_check_button_get_active(cast(checkButton)) != 0
                    self?.userClosed(kind) {
                        $0.infoBarButtonActivated(kind, button: buttonKind, isChecked: isChecked)
                    }
                })
        }
        if let closeButton {
            bar.connections.append(
                SignalConnection.connect(rawPointer(closeButton), signal: "clicked") { [weak self] _ in
                    self?.userClosed(kind) { $0.infoBarDismissed(kind) }
                })
        }
        return bar
    }

    private func label(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(text)!
        gtk_label_set_wrap(opaque(label), 1)
        gtk_label_set_xalign(opaque(label), 0)
        return label
    }

    /// Hides the bar of `kind`, then sends `command` (so that the handler may show it again).
    private func userClosed(_ kind: InfoBarKind, _ command: @MainActor (any InfoBarCommands) -> Void) {
        hideInfoBar(kind)
        infoBar.send(command)
    }
}
