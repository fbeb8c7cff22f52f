//! The path the app is served under (its base path), so that the same build
//! works at the root of a host and below a folder such as `/boids/`.
//!
//! The single setting is trunk's public URL: trunk writes it into the
//! `<base href>` of index.html and in front of every asset. The app reads it
//! back from the document's base URL at run time, for the router, its links,
//! the workers and the service worker; nothing else needs to know it.

/// The app's base path without the trailing slash: `""` at the root of the
/// host, `"/boids"` below `/boids/`. Read once from the document (natively,
/// and when the document has no base URL: `""`).
#[must_use]
pub fn base_path() -> String {
    thread_local! {
        static BASE: String = base_of_url_path(&document_base_path());
    }
    BASE.with(Clone::clone)
}

/// The address of a route of the app (`"/"`, `"/tabelle"`, …) under the base
/// path: what a link's `href` must be.
#[must_use]
pub fn route_href(route: &str) -> String {
    join(&base_path(), route)
}

/// The route of an address path (`"/boids/tabelle"` → `"/tabelle"`), or
/// `None` when the path is not below the base path (only the browser has an
/// address to read).
#[cfg(target_arch = "wasm32")]
#[must_use]
pub fn route_of(pathname: &str) -> Option<String> {
    strip(&base_path(), pathname)
}

/// The base path of a URL path: everything up to its last slash, without
/// that slash (`"/boids/"` → `"/boids"`, `"/"` → `""`).
fn base_of_url_path(path: &str) -> String {
    path.rfind('/')
        .map_or_else(String::new, |slash| path[..slash].to_owned())
}

fn join(base: &str, route: &str) -> String {
    if route.starts_with('/') {
        format!("{base}{route}")
    } else {
        format!("{base}/{route}")
    }
}

#[cfg(any(target_arch = "wasm32", test))]
fn strip(base: &str, pathname: &str) -> Option<String> {
    let rest = pathname.strip_prefix(base)?;
    if rest.is_empty() {
        Some("/".to_owned())
    } else if rest.starts_with('/') {
        Some(rest.to_owned())
    } else {
        None
    }
}

/// The path of the document's base URL (its `<base href>`, else its own
/// address).
fn document_base_path() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|window| window.document())
            .and_then(|document| document.base_uri().ok().flatten())
            .and_then(|base| web_sys::Url::new(&base).ok())
            .map_or_else(|| "/".to_owned(), |url| url.pathname())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        "/".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_base_is_the_folder_of_the_base_url() {
        assert_eq!(base_of_url_path("/"), "");
        assert_eq!(base_of_url_path("/boids/"), "/boids");
        assert_eq!(base_of_url_path("/schule/boids/"), "/schule/boids");
        // A base URL that is a page, not a folder: its folder counts.
        assert_eq!(base_of_url_path("/boids/tabelle"), "/boids");
        assert_eq!(base_of_url_path(""), "");
    }

    #[test]
    fn routes_join_the_base() {
        assert_eq!(join("", "/"), "/");
        assert_eq!(join("", "/tabelle"), "/tabelle");
        assert_eq!(join("/boids", "/"), "/boids/");
        assert_eq!(join("/boids", "/tabelle"), "/boids/tabelle");
        assert_eq!(join("/boids", "info"), "/boids/info");
    }

    #[test]
    fn addresses_lose_the_base() {
        assert_eq!(strip("", "/").as_deref(), Some("/"));
        assert_eq!(strip("", "/tabelle").as_deref(), Some("/tabelle"));
        assert_eq!(strip("/boids", "/boids/").as_deref(), Some("/"));
        assert_eq!(strip("/boids", "/boids").as_deref(), Some("/"));
        assert_eq!(
            strip("/boids", "/boids/tabelle").as_deref(),
            Some("/tabelle")
        );
        assert_eq!(strip("/boids", "/tabelle"), None);
        assert_eq!(strip("/boids", "/boidsx/tabelle"), None);
    }
}
