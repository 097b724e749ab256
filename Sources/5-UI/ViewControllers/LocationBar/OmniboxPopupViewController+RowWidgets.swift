import CAdwaita
import CGTK
import Foundation
import GLibSupport
import UIInterfaces

// The dropdown's rows: widgets made once and given each keystroke's values.
extension OmniboxPopupViewController {
    /// The widgets of one row: an icon, the title over the URL, and a tag.
    @MainActor
    final class RowWidgets {
        let listRow: UnsafeMutablePointer<GtkWidget>
        private let icon: UnsafeMutablePointer<GtkWidget>
        private let title: UnsafeMutablePointer<GtkWidget>
        private let url: UnsafeMutablePointer<GtkWidget>
        private let tag: UnsafeMutablePointer<GtkWidget>

        init() {
            let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 10)!
            gtk_widget_set_margin_start(box, 6)
            gtk_widget_set_margin_end(box, 6)
            gtk_widget_set_margin_top(box, 3)
            gtk_widget_set_margin_bottom(box, 3)
            icon = gtk_image_new()
            gtk_image_set_pixel_size(opaque(icon), 16)
            gtk_box_append(cast(box), icon)
            let texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_widget_set_hexpand(texts, 1)
            title = gtk_label_new(nil)
            gtk_label_set_xalign(opaque(title), 0)
            gtk_label_set_ellipsize(opaque(title), PANGO_ELLIPSIZE_END)
            gtk_box_append(cast(texts), title)
            url = gtk_label_new(nil)
            gtk_label_set_xalign(opaque(url), 0)
            gtk_label_set_ellipsize(opaque(url), PANGO_ELLIPSIZE_MIDDLE)
            gtk_widget_add_css_class(url, "dim-label")
            gtk_widget_add_css_class(url, "caption")
            gtk_box_append(cast(texts), url)
            gtk_box_append(cast(box), texts)
            tag = gtk_label_new(nil)
            gtk_widget_add_css_class(tag, "dim-label")
            gtk_widget_add_css_class(tag, "caption-heading")
            gtk_box_append(cast(box), tag)
            listRow = gtk_list_box_row_new()
            gtk_list_box_row_set_child(cast(listRow), box)
            gtk_widget_set_focusable(listRow, 0)
        }

        /// Shows `row`, with `favicon` (a GdkTexture) in place of its kind's icon if given.
        func show(_ row: OmniboxPopupRow, favicon: GObjectRef?) {
            if let favicon {
                gtk_image_set_from_paintable(opaque(icon), OpaquePointer(favicon.pointer))
            } else {
                gtk_image_set_from_icon_name(opaque(icon), OmniboxPopupViewController.iconName(row.kind))
            }
            gtk_label_set_markup(
                opaque(title), OmniboxPopupViewController.markup(row.title, bold: row.titleBold))
            gtk_label_set_markup(opaque(url), OmniboxPopupViewController.markup(row.url, bold: row.urlBold))
            gtk_widget_set_visible(url, row.url.isEmpty ? 0 : 1)
            let tagText = OmniboxPopupViewController.tag(row.kind)
            gtk_label_set_text(opaque(tag), tagText ?? "")
            gtk_widget_set_visible(tag, tagText == nil ? 0 : 1)
            let name = [row.title, row.url, tagText ?? ""].filter { !$0.isEmpty }.joined(separator: ", ")
            setAccessibleLabel(listRow, name)
        }
    }

    /// The texture of the favicon `png`, decoded once while it stays in the cache; nil when
    /// there is none or GDK cannot read it.
    func texture(_ png: Data?) -> GObjectRef? {
        guard let png else { return nil }
        if let texture = textures[png] { return texture }
        let bytes = png.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let texture = gdk_texture_new_from_bytes(bytes, &error) else {
            if error != nil { g_error_free(error) }
            return nil
        }
        if textures.count >= Self.textureCacheLimit { textures.removeAll() }
        let reference = GObjectRef(adopting: UnsafeMutableRawPointer(texture))
        textures[png] = reference
        return reference
    }
}
