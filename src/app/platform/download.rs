//! Browser glue: offers a text as a file download, and takes the file a
//! file input was given.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::File;
use web_sys::js_sys::Array;

use crate::texts::spreadsheet::ExcelParts;

/// The browser refused a download (words: `texts::DOWNLOAD_REFUSED`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DownloadRefused;

/// Offers `text` for download as `file_name` with the given MIME type.
pub fn download_text(file_name: &str, mime: &str, text: &str) -> Result<(), DownloadRefused> {
    download_parts(file_name, mime, std::iter::once(text))
}

/// Offers the text of `parts`, one after the other, as one file: each part
/// becomes a browser string of its own and is dropped here at once, so a
/// file of any length needs neither one string nor the whole of it in the
/// app's memory.
pub fn download_parts(
    file_name: &str,
    mime: &str,
    parts: impl Iterator<Item = impl AsRef<str>>,
) -> Result<(), DownloadRefused> {
    let fail = |_| DownloadRefused;
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let sequence = Array::new();
    for part in parts {
        sequence.push(&JsValue::from_str(part.as_ref()));
    }
    let parts = sequence;
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(fail)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let clicked = (|| {
        let document = web_sys::window()
            .and_then(|window| window.document())
            .ok_or(JsValue::NULL)?;
        let anchor: web_sys::HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
        anchor.set_href(&url);
        anchor.set_download(file_name);
        anchor.click();
        Ok::<(), JsValue>(())
    })();
    // Revoking at once can cancel the download in some browsers: wait a moment.
    gloo_timers::callback::Timeout::new(10_000, move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    })
    .forget();
    clicked.map_err(fail)
}

/// Offers a plain CSV export, or with `for_excel` its „CSV für Excel“ form
/// (semicolons, decimal commas, German headers, UTF-8 with BOM) named
/// `…-excel.csv`.
pub fn download_csv(file_name: &str, csv: &str, for_excel: bool) -> Result<(), DownloadRefused> {
    download_csv_parts(file_name, std::iter::once(csv), for_excel)
}

/// [`download_csv`] for a CSV in parts, each ending with a line break.
pub fn download_csv_parts(
    file_name: &str,
    parts: impl Iterator<Item = impl AsRef<str>>,
    for_excel: bool,
) -> Result<(), DownloadRefused> {
    if for_excel {
        let stem = file_name.strip_suffix(".csv").unwrap_or(file_name);
        let mut excel = ExcelParts::default();
        download_parts(
            &format!("{stem}-excel.csv"),
            "text/csv;charset=utf-8",
            parts.map(|part| excel.convert(part.as_ref())),
        )
    } else {
        download_parts(file_name, "text/csv", parts)
    }
}

/// The file chosen in the file input that fired `event`, if any. The input
/// is cleared, so the same file can be chosen again (the `File` stays
/// readable).
pub fn take_chosen_file(event: &web_sys::Event) -> Option<File> {
    let input = event
        .target()?
        .dyn_into::<web_sys::HtmlInputElement>()
        .ok()?;
    let file = input.files()?.get(0)?;
    input.set_value("");
    Some(file)
}

/// Reads the bytes of a chosen file, then calls `done` with them (`None`
/// when the browser cannot read it). One future type for every file input:
/// each `async` block of its own would add its executor code to the wasm.
pub fn read_file(file: File, done: impl FnOnce(Option<Vec<u8>>) + 'static) {
    let done: Box<dyn FnOnce(Option<Vec<u8>>)> = Box::new(done);
    leptos::task::spawn_local(async move {
        let buffer = wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await;
        done(
            buffer
                .ok()
                .map(|buffer| js_sys::Uint8Array::new(&buffer).to_vec()),
        );
    });
}
