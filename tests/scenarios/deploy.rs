//! Deploying the build: the static shell that shows while the wasm loads,
//! the app below a base path, and the service worker that makes it work
//! offline and offers a new build.
//!
//! Each scenario here serves `dist/` (or a copy) from a server of its own,
//! which it can move below a base path or take away.

use std::net::{Ipv4Addr, TcpStream};

use serde_json::{Value, json};

use crate::support::app_page::{AppPage, Button, WAIT, poll};
use crate::support::{StaticServer, TempDir, copy_files, dist_dir, run_service_worker_hook};

/// The layout's shape below `selector` (the header if not said otherwise):
/// per element its tag, class, ARIA attributes, the path a link leads to and
/// the text of leaves. Equal shapes with equal boxes mean the app's swap of
/// the shell shows no jump.
/// A box as wide as the page's client area reads `full`: whether a vertical
/// scrollbar takes its strip depends on the page's height, not on the shell.
fn layout_shape(selector: &str) -> String {
    format!(
        "
    const page = document.documentElement.clientWidth;
    const shape = el => ({{
      tag: el.tagName, class: el.className, id: el.id,
      label: el.getAttribute('aria-label'), hidden: el.getAttribute('aria-hidden'),
      current: el.getAttribute('aria-current'),
      path: el.tagName === 'A' ? new URL(el.getAttribute('href'), document.baseURI).pathname
                                + new URL(el.getAttribute('href'), document.baseURI).hash : null,
      box: (r => [r.x, r.y, r.width, r.height].map(Math.round)
             .map((v, i) => (i === 2 && v === page ? 'full' : v)))(el.getBoundingClientRect()),
      children: el.children.length ? [...el.children].map(shape) : el.textContent.trim(),
    }});
    return shape(document.querySelector({selector:?}));"
    )
}

/// Waits until the service worker controls the page; returns its scope.
pub(crate) async fn controlled_by_the_service_worker(page: &AppPage) -> String {
    let scope = page
        .js_async(
            "const done = arguments[arguments.length - 1];
             const scope = r => done(r.scope);
             navigator.serviceWorker.ready.then(r => {
               if (navigator.serviceWorker.controller) scope(r);
               else navigator.serviceWorker.addEventListener('controllerchange', () => scope(r));
             });",
        )
        .await;
    scope.as_str().expect("the scope").to_owned()
}

/// The service worker's caches and the paths each holds.
pub(crate) async fn caches(page: &AppPage) -> Value {
    page.js_async(
        "const done = arguments[arguments.length - 1];
         caches.keys().then(names => Promise.all(names.map(name =>
           caches.open(name).then(c => c.keys())
             .then(requests => [name, requests.map(r => new URL(r.url).pathname).sort()]))))
           .then(done, e => done(String(e)));",
    )
    .await
}

pub(crate) async fn initialise_and_step(page: &AppPage) {
    page.click(Button::Initialisieren).await;
    page.wait_for_status("pausiert", |s| s.state == "pausiert")
        .await;
    page.click(Button::Schritt).await;
    page.wait_for_status("one step", |s| s.step_count() == 1)
        .await;
    page.click(Button::Schritt).await;
    page.wait_for_status("two steps", |s| s.step_count() == 2)
        .await;
    assert_eq!(
        page.text_of("engine-note").await,
        "",
        "the workers computed (no note about the main thread)"
    );
}

scenario!(svg => the_shell_shows_the_layout_until_the_app_replaces_it);
/// While the wasm has not arrived, the page shows the app's own header and
/// navigation (the current page marked) and „Lädt …“ where the page goes;
/// the app then puts the same header in the same place.
async fn the_shell_shows_the_layout_until_the_app_replaces_it(page: AppPage) {
    let driver = &page.driver;
    open_with_the_wasm_blocked(&page, "/tabelle").await;
    page.wait_for_css("main[data-shell] .shell-loading").await;
    // The blocked wasm soon replaces „Lädt …“ by a note; the built page says it.
    let built = std::fs::read_to_string(dist_dir().join("index.html")).expect("dist/index.html");
    assert!(built.contains(r#"<p class="shell-loading" role="status">Lädt …</p>"#));
    let shell = page.js(&layout_shape("header.topbar")).await;
    assert_eq!(
        page.js("return document.querySelector('[aria-current=page]').textContent;")
            .await,
        json!("Tabelle"),
        "the shell marks the current page"
    );
    assert_eq!(
        page.js("return getComputedStyle(document.querySelector('main .page-lead')).display;")
            .await,
        json!("none"),
        "the simulation page's lead is not shown on another page"
    );
    page.save_screenshot_showing("shell-loading.png", "header.topbar")
        .await;
    blocked_wasm_fails(&page).await;

    driver
        .cdp("Network.setBlockedURLs", json!({ "urls": [] }))
        .await;
    page.reload().await;
    assert_eq!(page.text("main h1").await, "Tabelle");
    assert_eq!(
        page.js("return document.querySelectorAll('[data-shell]').length;")
            .await,
        json!(0),
        "the shell is gone"
    );
    let app = page.js(&layout_shape("header.topbar")).await;
    assert_eq!(
        shell, app,
        "the shell's header equals the app's, box for box"
    );
}

scenario!(svg => the_shell_shows_the_info_text_before_the_app);
/// On the Info page the shell fetches the text itself: it is there without
/// the wasm (the app's largest paint comes early, and nothing moves when the
/// app puts the same article in the same place).
async fn the_shell_shows_the_info_text_before_the_app(page: AppPage) {
    open_with_the_wasm_blocked(&page, "/info").await;
    page.wait_for_css("main[data-shell] article.about h2").await;
    let shell = page.js(&layout_shape("main article.about h2")).await;
    blocked_wasm_fails(&page).await;
    page.driver
        .cdp("Network.setBlockedURLs", json!({ "urls": [] }))
        .await;
    page.reload().await;
    page.wait_for_css("main:not([data-shell]) article.about h2")
        .await;
    let app = page.js(&layout_shape("main article.about h2")).await;
    assert_eq!(
        shell, app,
        "the shell's article equals the app's, box for box"
    );
}

/// Opens `path` with every wasm request blocked: the shell stays.
async fn open_with_the_wasm_blocked(page: &AppPage, path: &str) {
    page.driver.cdp("Network.enable", json!({})).await;
    page.driver
        .cdp("Network.setBlockedURLs", json!({ "urls": ["*.wasm"] }))
        .await;
    page.client
        .goto(&format!("{}{path}", page.base_url))
        .await
        .expect("navigate");
}

/// The wasm that this test blocked: its console error is dropped (the
/// scenario fails on any other), and the shell says in German that the app
/// did not load, in place of „Lädt …“.
async fn blocked_wasm_fails(page: &AppPage) {
    poll("the blocked wasm's console error", WAIT, || async {
        let console = page.driver.take_console().await;
        if console
            .iter()
            .any(|(_, message)| message.contains("Failed to fetch"))
        {
            Ok(())
        } else {
            Err(console)
        }
    })
    .await;
    assert_eq!(
        page.text("main[data-shell] .shell-loading").await,
        "Die App ließ sich nicht laden. Bitte die Verbindung prüfen und die Seite neu laden."
    );
}

scenario!(svg => the_shell_shows_the_simulation_pages_lead_where_the_app_puts_it);
/// On the simulation page the shell shows the page's lead while the wasm
/// loads (the page's largest text, painted without the wasm); the app puts
/// the same text in the same place.
async fn the_shell_shows_the_simulation_pages_lead_where_the_app_puts_it(page: AppPage) {
    the_shell_shows_the_lead_where_the_app_puts_it(&page, "/", "main .page-lead").await;
}

scenario!(svg => the_shell_shows_the_study_pages_heading_and_lead_where_the_app_puts_them);
/// The same for the study page: its heading and lead, painted without the
/// wasm, are where the app puts them.
async fn the_shell_shows_the_study_pages_heading_and_lead_where_the_app_puts_them(page: AppPage) {
    the_shell_shows_the_lead_where_the_app_puts_it(&page, "/studie", "main .study .page-lead")
        .await;
    let heading = page.js(&layout_shape("main .study h1")).await;
    assert!(heading["box"][3].as_i64().unwrap_or(0) > 10, "{heading}");
}

async fn the_shell_shows_the_lead_where_the_app_puts_it(page: &AppPage, path: &str, lead: &str) {
    let driver = &page.driver;
    open_with_the_wasm_blocked(page, path).await;
    page.wait_for_css(&format!("main[data-shell] {}", &lead["main ".len()..]))
        .await;
    let shell = page.js(&layout_shape(lead)).await;
    assert!(
        shell["box"][3].as_i64().unwrap_or(0) > 20,
        "the lead is shown: {shell}"
    );
    blocked_wasm_fails(page).await;

    driver
        .cdp("Network.setBlockedURLs", json!({ "urls": [] }))
        .await;
    page.reload().await;
    page.wait_for_css(&format!(
        "main:not([data-shell]) {}",
        &lead["main ".len()..]
    ))
    .await;
    let app = page.js(&layout_shape(lead)).await;
    assert_eq!(shell, app, "the shell's lead equals the app's, box for box");
}

scenario!(svg => below_a_base_path_every_link_route_and_worker_works);
/// The same build below `/boids/`: a deep link, the navigation, the not-found
/// page, the workers, stepping, the shared link and the service worker all
/// stay below the base path.
async fn below_a_base_path_every_link_route_and_worker_works(page: AppPage) {
    let server = StaticServer::start_under(dist_dir(), "/boids/");
    let app = page.at(format!("{}/boids", server.base_url()));
    app.open("/tabelle").await;
    assert_eq!(app.text("main h1").await, "Tabelle");
    assert_eq!(app.path().await, "/boids/tabelle");
    let links = app
        .js("return [...document.querySelectorAll('.nav-links a')].map(a => a.getAttribute('href'));")
        .await;
    assert_eq!(
        links,
        json!(["/boids/", "/boids/tabelle", "/boids/studie", "/boids/info"])
    );

    app.navigate("Info").await;
    app.wait_for_css(".nav-links a[href='/boids/info'][aria-current=page]")
        .await;
    app.navigate("Ansicht").await;
    app.wait_for_css("#swarm-svg").await;
    assert_eq!(app.path().await, "/boids/");
    initialise_and_step(&app).await;

    app.click_css("#btn-share").await;
    let link = app
        .js("return document.getElementById('share-link').value;")
        .await;
    let link = link.as_str().expect("the shared link");
    assert!(
        link.starts_with(&format!("{}/boids/?", server.base_url())),
        "the shared link opens below the base path: {link}"
    );

    app.open("/gibt-es-nicht").await;
    assert_eq!(app.text("main h1").await, "Seite nicht gefunden");
    app.navigate("Zur Tabelle").await;
    app.wait_for_css(".table-page").await;
    assert_eq!(app.path().await, "/boids/tabelle");

    assert_eq!(
        controlled_by_the_service_worker(&app).await,
        format!("{}/boids/", server.base_url())
    );
    let requests = server.requests();
    for file in [
        "/boids/worker_loader.js",
        "/boids/worker.js",
        "/boids/worker_bg.wasm",
        "/boids/sw.js",
    ] {
        assert!(
            requests.iter().any(|path| path == file),
            "{file} was asked for: {requests:?}"
        );
    }
    let outside: Vec<_> = requests
        .iter()
        .filter(|path| !path.starts_with("/boids/"))
        .collect();
    assert!(
        outside.is_empty(),
        "nothing asked for outside /boids/: {outside:?}"
    );
}

scenario!(svg => after_one_visit_the_app_starts_and_steps_without_the_server);
/// After one visit the service worker has every built file; with the server
/// gone a reload starts the app, which builds a swarm and steps it in its
/// workers, and a deep link still opens.
async fn after_one_visit_the_app_starts_and_steps_without_the_server(page: AppPage) {
    let server = StaticServer::start(dist_dir());
    let app = page.at(server.base_url());
    app.open("/").await;
    controlled_by_the_service_worker(&app).await;
    let cached = caches(&app).await;
    let cached = cached.as_array().expect("the cache list");
    assert_eq!(cached.len(), 1, "one cache: {cached:?}");
    let files = &cached[0][1];
    for file in [
        "/index.html",
        "/worker_loader.js",
        "/worker.js",
        "/worker_bg.wasm",
        "/manifest.webmanifest",
    ] {
        assert!(
            files
                .as_array()
                .is_some_and(|files| files.contains(&json!(file))),
            "{file} is cached: {files}"
        );
    }

    let port = server.base_url().rsplit(':').next().map(str::to_owned);
    drop(server);
    let port: u16 = port.and_then(|port| port.parse().ok()).expect("the port");
    assert!(
        TcpStream::connect((Ipv4Addr::LOCALHOST, port)).is_err(),
        "the server is gone"
    );
    app.reload().await;
    initialise_and_step(&app).await;
    app.open("/tabelle").await;
    assert_eq!(app.text("main h1").await, "Tabelle");
}

scenario!(svg => a_new_build_is_offered_and_replaces_the_old_cache);
/// A new build on the server is installed beside the running one and
/// offered with „Neue Version verfügbar – neu laden“; a click loads it, and
/// the old build's cache is gone.
async fn a_new_build_is_offered_and_replaces_the_old_cache(page: AppPage) {
    let dir = TempDir::new("boids-dist-copy");
    copy_files(&dist_dir(), dir.path());
    let server = StaticServer::start(dir.path().to_owned());
    let app = page.at(server.base_url());
    app.open("/").await;
    controlled_by_the_service_worker(&app).await;
    let old = caches(&app).await;
    assert!(
        app.text_of("update-reload").await.is_empty(),
        "no hint before an update"
    );

    // A new build: one file differs, and the build's own hook lists it anew.
    let loader = dir.path().join("worker_loader.js");
    let mut text = std::fs::read_to_string(&loader).expect("read the loader");
    text.push_str("// the next build\n");
    std::fs::write(&loader, text).expect("write the loader");
    run_service_worker_hook(dir.path());

    app.js_async(
        "const done = arguments[arguments.length - 1];
         navigator.serviceWorker.getRegistration().then(r => r.update()).then(() => done(null));",
    )
    .await;
    app.wait_for_css("#update-reload").await;
    assert_eq!(
        app.text("#update-reload").await,
        "Neue Version verfügbar – neu laden"
    );
    app.js("window.oldPage = true;").await;
    app.click_css("#update-reload").await;
    poll("the reload into the new build", WAIT, || async {
        // Fails while the page reloads; then it answers for the new page.
        match app
            .client
            .execute("return window.oldPage === undefined;", vec![])
            .await
        {
            Ok(Value::Bool(true)) => Ok(()),
            other => Err(format!("{other:?}")),
        }
    })
    .await;
    app.wait_for_app().await;
    assert!(
        app.text_of("update-reload").await.is_empty(),
        "the hint is gone after the reload"
    );
    let now = caches(&app).await;
    assert_eq!(now.as_array().map(Vec::len), Some(1), "one cache: {now}");
    assert_ne!(
        now[0][0], old[0][0],
        "the new build's cache replaced the old one"
    );
    let loader = app
        .js_async(
            "const done = arguments[arguments.length - 1];
             fetch('worker_loader.js').then(r => r.text()).then(done);",
        )
        .await;
    assert!(
        loader
            .as_str()
            .is_some_and(|text| text.contains("the next build")),
        "the page runs the new build: {loader}"
    );
}
