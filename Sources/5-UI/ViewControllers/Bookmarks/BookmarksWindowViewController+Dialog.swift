import CAdwaita
import CGTK
import GLibSupport

// The Edit and New Folder dialogs: a message dialog over the window with a title entry (and
// an address entry for a bookmark), Enter saving.
extension BookmarksWindowViewController {
    @MainActor
    final class Dialog {
        let widget: UnsafeMutablePointer<GtkWidget>
        let titleEntry: UnsafeMutablePointer<GtkWidget>
        let urlEntry: UnsafeMutablePointer<GtkWidget>?
        var connection: SignalConnection?

        /// A dialog headed `heading`, its entries holding `title` and (a bookmark's) `url`,
        /// its saving button saying `action`.
        init(
            over parent: UnsafeMutablePointer<GtkWindow>, heading: String, title: String, url: String?,
            action: String
        ) {
            widget = adw_message_dialog_new(parent, heading, nil)!
            gtk_window_set_title(cast(widget), heading)
            let message = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: AdwMessageDialog.self)
            adw_message_dialog_add_response(message, "cancel", "Cancel")
            adw_message_dialog_add_response(message, "save", action)
            adw_message_dialog_set_response_appearance(message, "save", ADW_RESPONSE_SUGGESTED)
            adw_message_dialog_set_default_response(message, "save")
            adw_message_dialog_set_close_response(message, "cancel")
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
            titleEntry = gtk_entry_new()
            gtk_editable_set_text(opaque(titleEntry), title)
            gtk_entry_set_activates_default(cast(titleEntry), 1)
            setAccessibleLabel(titleEntry, "Name")
            gtk_entry_set_placeholder_text(cast(titleEntry), "Name")
            gtk_box_append(cast(box), titleEntry)
            if let url {
                let entry = gtk_entry_new()!
                gtk_editable_set_text(opaque(entry), url)
                gtk_entry_set_activates_default(cast(entry), 1)
                setAccessibleLabel(entry, "Address")
                gtk_entry_set_placeholder_text(cast(entry), "Address")
                gtk_box_append(cast(box), entry)
                urlEntry = entry
            } else {
                urlEntry = nil
            }
            adw_message_dialog_set_extra_child(message, box)
        }

        var title: String { String(cString: gtk_editable_get_text(opaque(titleEntry))) }
        var url: String? { urlEntry.map { String(cString: gtk_editable_get_text(opaque($0))) } }

        func present() {
            gtk_window_present(cast(widget))
            gtk_widget_grab_focus(titleEntry)
        }

        func destroy() { gtk_window_destroy(cast(widget)) }
    }

    /// Shows `dialog`, and runs `save` with it when its saving response is chosen.
    private func show(_ dialog: Dialog, save: @escaping @MainActor (Dialog) -> Void) {
        self.dialog?.destroy()
        self.dialog = dialog
        dialog.connection = SignalConnection.connect(rawPointer(dialog.widget), signal: "response") {
            [weak self, unowned dialog] arguments in
            if arguments.string(at: 1) == "save" { save(dialog) }
            if self?.dialog === dialog { self?.dialog = nil }
        }
        dialog.present()
    }

    func askForNewFolder() {
        show(Dialog(over: window, heading: "New Folder", title: "New Folder", url: nil, action: "Add")) {
            [weak self] dialog in
            let title = dialog.title
            self?.commands.send { $0.addBookmarkFolder(titled: title) }
        }
    }

    func editSelected() {
        guard let id = selectedIDs.first, let item = items[Self.key(id)] else { return }
        let heading = item.isFolder ? "Edit Folder" : "Edit Bookmark"
        show(Dialog(over: window, heading: heading, title: item.title, url: item.url, action: "Save")) {
            [weak self] dialog in
            let title = dialog.title
            let url = dialog.url
            self?.commands.send { $0.editBookmark(id, title: title, url: url) }
        }
    }
}
