//! Lists of live values (the status, the readouts over the view) as markup
//! built once, whose values are written into the same elements whenever they
//! change: far less wasm than a view per line, no element replaced per step,
//! so observers and screen readers follow each value.

/// One line of a list: the value element's id, the term, the value now.
pub type Line = (&'static str, &'static str, String);

/// The list's markup: each term and an empty value element with its id;
/// with `grouped`, each pair inside a `<div>` (so a wrapping row keeps it
/// together).
#[must_use]
pub fn list_markup(lines: &[Line], grouped: bool) -> String {
    let (open, close) = if grouped {
        ("<div>", "</div>")
    } else {
        ("", "")
    };
    lines
        .iter()
        .map(|(id, term, _)| format!(r#"{open}<dt>{term}</dt><dd id="{id}"></dd>{close}"#))
        .collect()
}

/// Writes each line's value into its element under `root`, where it
/// differs (the other lines may have changed; this one did not change).
pub fn write_values(root: &web_sys::Element, lines: &[Line]) {
    for (id, _, value) in lines {
        if let Ok(Some(element)) = root.query_selector(&format!("#{id}"))
            && element.text_content().as_deref() != Some(value.as_str())
        {
            element.set_text_content(Some(value));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_markup_holds_each_term_and_an_empty_value_element() {
        let lines = [("a", "Eins", "1".to_owned()), ("b", "Zwei", "2".to_owned())];
        assert_eq!(
            list_markup(&lines, false),
            r#"<dt>Eins</dt><dd id="a"></dd><dt>Zwei</dt><dd id="b"></dd>"#
        );
        assert_eq!(
            list_markup(&lines[..1], true),
            r#"<div><dt>Eins</dt><dd id="a"></dd></div>"#
        );
    }
}
