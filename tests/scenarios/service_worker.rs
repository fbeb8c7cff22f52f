//! The service worker under an unlucky host: an upload in progress cannot
//! poison the offline copy, two deployments on one host keep their own
//! caches, only the app's pages are answered with the app, and an update
//! reaches every open tab.
//!
//! Each scenario serves its own copy of `dist/` from a server of its own,
//! which it changes as an upload would, or takes away.

use std::path::Path;

use serde_json::{Value, json};

use super::deploy::{caches, controlled_by_the_service_worker, initialise_and_step};
use crate::support::app_page::{AppPage, WAIT, poll};
use crate::support::{StaticServer, TempDir, copy_files, dist_dir, run_service_worker_hook};

/// Asks the browser to look for a new service worker and waits until the
/// one it found has installed or failed: `"installed"` or `"redundant"`.
async fn install_outcome(page: &AppPage) -> String {
    let outcome = page
        .js_async(
            "const done = arguments[arguments.length - 1];
             navigator.serviceWorker.getRegistration().then((r) => {
               r.addEventListener('updatefound', () => {
                 const worker = r.installing;
                 const settle = () => {
                   if (worker.state !== 'installing') done(worker.state);
                 };
                 worker.addEventListener('statechange', settle);
                 settle();
               }, { once: true });
               r.update().catch((e) => done(String(e)));
             });",
        )
        .await;
    outcome.as_str().unwrap_or_default().to_owned()
}

/// The text of `worker_loader.js` as the page gets it (through the service
/// worker, so from the cache of the build that controls the page).
async fn served_loader(page: &AppPage) -> String {
    let text = page
        .js_async(
            "const done = arguments[arguments.length - 1];
             fetch('worker_loader.js').then(r => r.text()).then(done, e => done(String(e)));",
        )
        .await;
    text.as_str().unwrap_or_default().to_owned()
}

/// The next build in `dir`: `worker_loader.js` changed in one letter (its
/// size stays) and the service worker's list written anew, as `trunk build`
/// does. Returns the old and the new loader.
fn next_build(dir: &Path) -> (String, String) {
    let loader = dir.join("worker_loader.js");
    let old = std::fs::read_to_string(&loader).expect("read the loader");
    let new = old.replacen("Starts", "STARTS", 1);
    assert_ne!(old, new, "the loader's first comment starts with „Starts“");
    std::fs::write(&loader, &new).expect("write the loader");
    run_service_worker_hook(dir);
    (old, new)
}

scenario!(svg => an_upload_in_progress_cannot_poison_the_offline_copy);
/// A visit while the next build is being uploaded: its `sw.js` is there, but
/// one file is still the old build's, and then the worker's wasm is missing
/// (the host answers with index.html and status 200). Both times the new
/// version's install fails and the old build keeps serving; once the upload
/// is complete the next look installs it. Offline the old build still runs.
async fn an_upload_in_progress_cannot_poison_the_offline_copy(page: AppPage) {
    let dir = TempDir::new("boids-dist-upload");
    copy_files(&dist_dir(), dir.path());
    let server = StaticServer::start(dir.path().to_owned());
    let app = page.at(server.base_url());
    app.open("/").await;
    controlled_by_the_service_worker(&app).await;
    let old_caches = caches(&app).await;
    let (old_loader, new_loader) = next_build(dir.path());

    // The new sw.js beside the old loader (same size, other contents).
    let loader = dir.path().join("worker_loader.js");
    std::fs::write(&loader, &old_loader).expect("write the old loader");
    assert_eq!(
        install_outcome(&app).await,
        "redundant",
        "a file of the old build fails the install"
    );

    // The new loader, but the worker's wasm not yet uploaded.
    std::fs::write(&loader, &new_loader).expect("write the new loader");
    let wasm = dir.path().join("worker_bg.wasm");
    let pending = dir.path().join("worker_bg.wasm.pending");
    std::fs::rename(&wasm, &pending).expect("hold the wasm back");
    assert_eq!(
        install_outcome(&app).await,
        "redundant",
        "index.html in place of the wasm fails the install"
    );
    assert_eq!(
        caches(&app).await,
        old_caches,
        "the old build's cache is untouched, no other is left"
    );
    assert_eq!(
        served_loader(&app).await,
        old_loader,
        "the old build still serves the page"
    );
    assert!(
        app.text_of("update-reload").await.is_empty(),
        "no update is offered"
    );

    // The upload is complete: the next look installs the new build.
    std::fs::rename(&pending, &wasm).expect("finish the upload");
    assert_eq!(install_outcome(&app).await, "installed");
    app.wait_for_css("#update-reload").await;

    // Offline, the old build (still in charge until the click) runs.
    drop(server);
    app.reload().await;
    initialise_and_step(&app).await;
    assert_eq!(served_loader(&app).await, old_loader);
}

scenario!(svg => two_deployments_on_one_host_keep_their_own_caches);
/// The app below `/a/` and below `/b/` of one origin: each service worker
/// keeps its own cache (its name says its base path) and leaves the other's
/// alone, so both still start offline.
async fn two_deployments_on_one_host_keep_their_own_caches(page: AppPage) {
    let server = StaticServer::start_mounts(&[(dist_dir(), "/a/"), (dist_dir(), "/b/")]);
    let a = page.at(format!("{}/a", server.base_url()));
    let b = page.at(format!("{}/b", server.base_url()));
    a.open("/").await;
    controlled_by_the_service_worker(&a).await;
    b.open("/").await;
    controlled_by_the_service_worker(&b).await;

    let all = caches(&b).await;
    let all = all.as_array().expect("the cache list");
    assert_eq!(all.len(), 2, "one cache per deployment: {all:?}");
    for base in ["/a/", "/b/"] {
        let own: Vec<&Value> = all
            .iter()
            .filter(|cache| {
                cache[0]
                    .as_str()
                    .is_some_and(|name| name.contains(&format!(" {base} ")))
            })
            .collect();
        assert_eq!(own.len(), 1, "a cache named after {base}: {all:?}");
        let files = own[0][1].as_array().expect("the cached paths");
        assert!(
            files.contains(&json!(format!("{base}index.html"))),
            "{base}index.html is cached: {files:?}"
        );
        assert!(
            files
                .iter()
                .all(|file| file.as_str().is_some_and(|file| file.starts_with(base))),
            "the cache of {base} holds its own files only: {files:?}"
        );
    }

    drop(server);
    a.open("/tabelle").await;
    assert_eq!(a.text("main h1").await, "Tabelle");
    b.open("/info").await;
    assert_eq!(b.path().await, "/b/info");
}

scenario!(svg => at_the_root_only_the_apps_pages_are_answered_with_the_app);
/// The app at `/` of a host that has other pages too: a navigation to one of
/// them reaches the host and shows that page, not the app; the app's own
/// pages still come from the cache, and offline an unknown address gets the
/// app's „Seite nicht gefunden“.
async fn at_the_root_only_the_apps_pages_are_answered_with_the_app(page: AppPage) {
    let dir = TempDir::new("boids-dist-host");
    copy_files(&dist_dir(), dir.path());
    let server = StaticServer::start(dir.path().to_owned());
    let app = page.at(server.base_url());
    app.open("/").await;
    controlled_by_the_service_worker(&app).await;

    // Another page of the same host, not the app's.
    std::fs::write(
        dir.path().join("kontakt.html"),
        "<!doctype html><html lang=de><title>Kontakt</title><h1>Kontakt der Schule</h1></html>",
    )
    .expect("write another page");
    app.client
        .goto(&format!("{}/kontakt.html", server.base_url()))
        .await
        .expect("navigate");
    app.wait_for_css("h1").await;
    assert_eq!(app.text("h1").await, "Kontakt der Schule");
    assert!(
        server.requests().iter().any(|path| path == "/kontakt.html"),
        "the navigation reached the host"
    );

    let asked = server.requests().len();
    app.open("/tabelle").await;
    assert_eq!(app.text("main h1").await, "Tabelle");
    assert!(
        !server.requests()[asked..]
            .iter()
            .any(|path| path == "/tabelle"),
        "an app page comes from the cache"
    );

    drop(server);
    app.open("/kontakt.html").await;
    assert_eq!(app.text("main h1").await, "Seite nicht gefunden");
}

scenario!(svg => an_update_in_one_tab_reaches_the_other_tabs);
/// Two tabs of the app; a new build is offered in both. The click in the
/// first reloads it into the new build; the second, which may hold a swarm,
/// is not reloaded unasked but still offers the new version, and its click
/// reloads it into the new build too.
async fn an_update_in_one_tab_reaches_the_other_tabs(page: AppPage) {
    let dir = TempDir::new("boids-dist-tabs");
    copy_files(&dist_dir(), dir.path());
    let server = StaticServer::start(dir.path().to_owned());
    let first = page.at(server.base_url());
    first.open("/").await;
    controlled_by_the_service_worker(&first).await;
    let client = &first.client;
    let first_tab = client.window().await.expect("the first tab");
    let second_tab = client.new_window(true).await.expect("a second tab").handle;
    client
        .switch_to_window(second_tab.clone())
        .await
        .expect("to the second tab");
    first.open("/tabelle").await;
    controlled_by_the_service_worker(&first).await;
    first.js("window.oldPage = true;").await;

    client
        .switch_to_window(first_tab)
        .await
        .expect("to the first tab");
    let (_, new_loader) = next_build(dir.path());
    assert_eq!(install_outcome(&first).await, "installed");
    first.wait_for_css("#update-reload").await;
    first.js("window.oldPage = true;").await;
    first.click_css("#update-reload").await;
    reloaded(&first).await;
    assert_eq!(served_loader(&first).await, new_loader);

    client
        .switch_to_window(second_tab)
        .await
        .expect("to the second tab");
    assert_eq!(
        first.js("return window.oldPage === true;").await,
        json!(true),
        "the second tab was not reloaded unasked"
    );
    let notice = "#update-reload, #update-active";
    first.wait_for_css(notice).await;
    assert_eq!(
        first.text(notice).await,
        "Neue Version verfügbar – neu laden"
    );
    first.click_css(notice).await;
    reloaded(&first).await;
    assert_eq!(first.text("main h1").await, "Tabelle");
    assert_eq!(served_loader(&first).await, new_loader);
    assert!(
        first.text_of("update-reload").await.is_empty(),
        "no hint after the reload"
    );
}

/// Waits until the page marked `window.oldPage` has been replaced by a new
/// one that runs the app.
async fn reloaded(page: &AppPage) {
    poll("the reload into the new build", WAIT, || async {
        // Fails while the page reloads; then it answers for the new page.
        match page
            .client
            .execute("return window.oldPage === undefined;", vec![])
            .await
        {
            Ok(Value::Bool(true)) => Ok(()),
            other => Err(format!("{other:?}")),
        }
    })
    .await;
    page.wait_for_app().await;
}
