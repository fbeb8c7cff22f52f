//! Page object of the app: hides selectors and scripts so that the scenarios
//! read like the spec.

use std::future::Future;
use std::time::{Duration, Instant};

use fantoccini::actions::{
    InputSource, KeyAction, KeyActions, MOUSE_BUTTON_LEFT, MouseActions, PointerAction,
};
use fantoccini::{Client, Locator};
use serde_json::{Value, json};

use super::DriverHandle;
use super::picture::Picture;

/// The local-storage key of the parameters (must match the app).
pub const STORAGE_KEY: &str = "boids-schwarm.params.v1";

/// How long a wait for the app may take before the test fails.
pub const WAIT: Duration = Duration::from_secs(10);

/// How long [`AppPage::status_stays`] watches a small swarm to see that it
/// does not move: a running swarm takes 25 steps per second (one per 40 ms of
/// real time), and a worker returns a step of a few hundred boids within
/// milliseconds, so a swarm that moved would show about seven steps here.
pub const STILL: Duration = Duration::from_millis(300);

/// The pause between two looks at a condition while waiting for it.
const POLL_INTERVAL: Duration = Duration::from_millis(40);

/// Looks at `probe` until it gives a value, at most for `limit`; fails with
/// `what` and the last thing seen. The only place where the tests pause: every
/// wait is for a condition.
pub async fn poll<T, S: std::fmt::Debug, F: Future<Output = Result<T, S>>>(
    what: &str,
    limit: Duration,
    mut probe: impl FnMut() -> F,
) -> T {
    let deadline = Instant::now() + limit;
    loop {
        match probe().await {
            Ok(value) => return value,
            Err(seen) => assert!(
                Instant::now() < deadline,
                "{what}: not within {limit:?}; last seen {seen:?}"
            ),
        }
        tokio::time::sleep(POLL_INTERVAL).await;
    }
}

/// A control button, by its German label.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Button {
    Initialisieren,
    Starten,
    Pause,
    Schritt,
    Zuruecksetzen,
}

impl Button {
    pub fn css(self) -> &'static str {
        match self {
            Self::Initialisieren => "#btn-init",
            Self::Starten => "#btn-start",
            Self::Pause => "#btn-pause",
            Self::Schritt => "#btn-step",
            Self::Zuruecksetzen => "#btn-reset",
        }
    }

    pub const ALL: [Button; 5] = [
        Self::Initialisieren,
        Self::Starten,
        Self::Pause,
        Self::Schritt,
        Self::Zuruecksetzen,
    ];
}

/// What the status block shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusView {
    pub state: String,
    pub time: String,
    pub steps: String,
    pub count: String,
    pub speed: String,
    pub selection: String,
}

impl StatusView {
    /// The step count as a number (panics when there is none).
    pub fn step_count(&self) -> u64 {
        let digits: String = self.steps.chars().filter(char::is_ascii_digit).collect();
        digits
            .parse()
            .unwrap_or_else(|_| panic!("no step count in status: {self:?}"))
    }
}

/// Model time as the app must show it for `step` steps (spaces normalised).
pub fn expected_time(step: u64) -> String {
    let hundredths = step * 4;
    format!("{},{:02} s", hundredths / 100, hundredths % 100)
}

/// Matches once the app has mounted (and not the loading shell before it).
pub const APP_MOUNTED: &str = ".topbar:not([data-shell])";

/// The app in one browser tab.
#[derive(Clone)]
pub struct AppPage {
    pub client: Client,
    pub base_url: String,
    pub driver: DriverHandle,
}

impl AppPage {
    pub fn new(client: Client, base_url: String) -> Self {
        Self {
            driver: DriverHandle::new(client.clone()),
            client,
            base_url,
        }
    }

    /// The same tab, addressing the app at another server or base path
    /// (`base_url` such as `http://127.0.0.1:PORT/boids`).
    #[must_use]
    pub fn at(&self, base_url: String) -> Self {
        Self {
            base_url,
            ..self.clone()
        }
    }

    /// Loads `path` and waits until the app has mounted.
    pub async fn open(&self, path: &str) {
        self.client
            .goto(&format!("{}{path}", self.base_url))
            .await
            .expect("navigate");
        self.wait_for_app().await;
    }

    /// Waits until the app has replaced the static shell of index.html (the
    /// shell's header looks the same but is marked `data-shell`).
    pub async fn wait_for_app(&self) {
        self.wait_for_css(APP_MOUNTED).await;
    }

    /// A clean start: empty local storage, then `/` loaded afresh.
    pub async fn open_fresh(&self) {
        self.open("/").await;
        self.js("localStorage.clear();").await;
        self.open("/").await;
    }

    /// Reloads the page and waits for the app.
    pub async fn reload(&self) {
        self.client.refresh().await.expect("reload");
        self.wait_for_app().await;
    }

    pub async fn js(&self, script: &str) -> Value {
        self.client
            .execute(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }

    pub async fn js_async(&self, script: &str) -> Value {
        self.client
            .execute_async(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("async script failed: {e}\n{script}"))
    }

    pub async fn wait_for_css(&self, css: &str) {
        poll(&format!("{css} appears"), WAIT, || async move {
            self.client.find(Locator::Css(css)).await.map(|_| ())
        })
        .await;
    }

    /// Waits until `css` matches nothing.
    pub async fn wait_for_no_css(&self, css: &str) {
        poll(&format!("{css} disappears"), WAIT, || async move {
            match self.client.find(Locator::Css(css)).await {
                Ok(_) => Err("still there"),
                Err(_) => Ok(()),
            }
        })
        .await;
    }

    /// Waits for `n` animation frames of the page: whatever the app does in
    /// reaction to an event (draw, update the DOM) is done by then.
    pub async fn frames(&self, n: u32) {
        self.js_async(&format!(
            "const done = arguments[arguments.length - 1];
             let left = {n};
             const next = () => (left-- > 0 ? requestAnimationFrame(next) : done(null));
             next();"
        ))
        .await;
    }

    /// The visible text of an element, with no-break spaces made plain.
    pub async fn text(&self, css: &str) -> String {
        let text = self
            .element(css)
            .await
            .text()
            .await
            .unwrap_or_else(|e| panic!("text of {css}: {e}"));
        normalise(&text)
    }

    pub async fn status(&self) -> StatusView {
        let value = self
            .js("const t = id => document.getElementById(id).textContent;
                 return [t('status-state'), t('status-time'), t('status-steps'),
                         t('status-count'), t('status-speed'), t('status-selection')];")
            .await;
        let field = |i: usize| normalise(value[i].as_str().unwrap_or_default());
        StatusView {
            state: field(0),
            time: field(1),
            steps: field(2),
            count: field(3),
            speed: field(4),
            selection: field(5),
        }
    }

    /// Starten, until the swarm has made at least `steps` steps, then Pause:
    /// the status once paused.
    pub async fn run_until(&self, steps: u64) -> StatusView {
        self.click(Button::Starten).await;
        self.wait_for_status("running", |s| s.step_count() >= steps)
            .await;
        self.click(Button::Pause).await;
        self.wait_for_status("pausiert", |s| s.state == "pausiert")
            .await
    }

    /// Waits until the status satisfies `ready`; returns it.
    pub async fn wait_for_status(
        &self,
        what: &str,
        ready: impl Fn(&StatusView) -> bool,
    ) -> StatusView {
        self.wait_long_for_status(what, WAIT, ready).await
    }

    /// [`AppPage::wait_for_status`] with its own limit (large swarms).
    pub async fn wait_long_for_status(
        &self,
        what: &str,
        limit: Duration,
        ready: impl Fn(&StatusView) -> bool,
    ) -> StatusView {
        let ready = &ready;
        poll(&format!("status {what}"), limit, || async move {
            let status = self.status().await;
            if ready(&status) {
                Ok(status)
            } else {
                Err(status)
            }
        })
        .await
    }

    /// Watches the status for the whole `window` and fails as soon as it
    /// changes: the check that nothing happens (no step lands, nothing runs).
    /// Callers say why their window is long enough.
    pub async fn status_stays(&self, what: &str, window: Duration) -> StatusView {
        let first = self.status().await;
        let end = Instant::now() + window;
        while Instant::now() < end {
            self.frames(1).await;
            assert_eq!(self.status().await, first, "{what}");
        }
        first
    }

    /// Clicks a button. Schritt and Starten act on a swarm that the workers
    /// compute: the click waits until the button is enabled (a swarm is built
    /// and no Schritt is still being computed), as a user would.
    pub async fn click(&self, button: Button) {
        if matches!(button, Button::Schritt | Button::Starten) {
            self.wait_until_enabled(button).await;
        }
        self.client
            .find(Locator::Css(button.css()))
            .await
            .unwrap_or_else(|e| panic!("{button:?} not found: {e}"))
            .click()
            .await
            .unwrap_or_else(|e| panic!("click {button:?}: {e}"));
    }

    /// Waits until `button` is enabled.
    pub async fn wait_until_enabled(&self, button: Button) {
        self.wait_long_until_enabled(button, WAIT).await;
    }

    /// [`AppPage::wait_until_enabled`] with its own limit (large swarms).
    pub async fn wait_long_until_enabled(&self, button: Button, limit: Duration) {
        poll(&format!("{button:?} enabled"), limit, || async move {
            if self.is_enabled(button).await {
                Ok(())
            } else {
                Err("disabled")
            }
        })
        .await;
    }

    pub async fn is_enabled(&self, button: Button) -> bool {
        let css = button.css();
        let disabled = self
            .js(&format!("return document.querySelector('{css}').disabled;"))
            .await;
        disabled == Value::Bool(false)
    }

    /// The buttons that are enabled, in screen order.
    pub async fn enabled_buttons(&self) -> Vec<Button> {
        let mut enabled = Vec::new();
        for button in Button::ALL {
            if self.is_enabled(button).await {
                enabled.push(button);
            }
        }
        enabled
    }

    /// Sets an input's text as one committed edit (`input`, then `change`),
    /// like a paste and leaving the field.
    pub async fn set_param(&self, key: &str, text: &str) {
        self.set_input(&format!("param-{key}"), text).await;
    }

    /// Sets the text of the input `id` as one committed edit, as
    /// [`AppPage::set_param`] does.
    pub async fn set_input(&self, id: &str, text: &str) {
        let script = format!(
            "const el = document.getElementById('{id}');
             el.value = {text};
             el.dispatchEvent(new Event('input', {{ bubbles: true }}));
             el.dispatchEvent(new Event('change', {{ bubbles: true }}));",
            text = json!(text)
        );
        self.js(&script).await;
    }

    /// Types into an input with real key presses after selecting its text.
    pub async fn type_param(&self, key: &str, text: &str) {
        let input = self
            .client
            .find(Locator::Id(&format!("param-{key}")))
            .await
            .unwrap_or_else(|e| panic!("input {key}: {e}"));
        input.click().await.expect("focus the input");
        self.js(&format!("document.getElementById('param-{key}').select();"))
            .await;
        input.send_keys(text).await.expect("type");
    }

    pub async fn param(&self, key: &str) -> String {
        let value = self
            .js(&format!(
                "return document.getElementById('param-{key}').value;"
            ))
            .await;
        value.as_str().unwrap_or_default().to_owned()
    }

    /// The inline error of one input ("" when valid) and its aria-invalid.
    pub async fn param_error(&self, key: &str) -> (String, String) {
        let value = self
            .js(&format!(
                "return [document.getElementById('param-{key}-error').textContent,
                         document.getElementById('param-{key}').getAttribute('aria-invalid')];"
            ))
            .await;
        (
            value[0].as_str().unwrap_or_default().to_owned(),
            value[1].as_str().unwrap_or_default().to_owned(),
        )
    }

    /// Number of boid symbols in the SVG (one `M` per symbol).
    pub async fn symbol_count(&self) -> u64 {
        self.js(
            "return Array.from(document.querySelectorAll('#swarm-svg path.boids'))
               .map(p => ((p.getAttribute('d') || '').match(/M/g) || []).length)
               .reduce((a, b) => a + b, 0);",
        )
        .await
        .as_u64()
        .unwrap_or(0)
    }

    /// The selection ring: `Some((boid, transform))` when shown.
    pub async fn ring(&self) -> Option<(u64, String)> {
        let value = self
            .js(
                "const g = document.querySelector('#swarm-svg .selection-ring');
                 if (!g || g.getAttribute('visibility') === 'hidden') return null;
                 return [Number(g.getAttribute('data-boid')), g.getAttribute('transform')];",
            )
            .await;
        let boid = value.get(0)?.as_u64()?;
        Some((boid, value[1].as_str().unwrap_or_default().to_owned()))
    }

    /// Picture position (units) and viewport position (CSS px) of the first
    /// boid drawn in the nearest depth layer that has one.
    pub async fn some_boid_position(&self) -> ((i64, i64), (f64, f64)) {
        let value = self
            .js("const svg = document.getElementById('swarm-svg');
                 const paths = Array.from(svg.querySelectorAll('path.boids')).reverse();
                 for (const p of paths) {
                   const m = (p.getAttribute('d') || '').match(/M(-?\\d+) (-?\\d+)/);
                   if (!m) continue;
                   const pt = svg.createSVGPoint();
                   pt.x = Number(m[1]); pt.y = Number(m[2]);
                   const s = pt.matrixTransform(svg.getScreenCTM());
                   return [pt.x, pt.y, s.x, s.y];
                 }
                 return null;")
            .await;
        let number = |i: usize| {
            value[i]
                .as_f64()
                .unwrap_or_else(|| panic!("no boid drawn: {value}"))
        };
        ((number(0) as i64, number(1) as i64), (number(2), number(3)))
    }

    /// The element `css` selects; fails when there is none.
    pub async fn element(&self, css: &str) -> fantoccini::elements::Element {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("{css} not found: {e}"))
    }

    /// Clicks the element `css` selects (WebDriver element click).
    pub async fn click_css(&self, css: &str) {
        self.element(css)
            .await
            .click()
            .await
            .unwrap_or_else(|e| panic!("click {css}: {e}"));
    }

    /// Chooses a file in „Zustand laden“ (as a user picking it in the dialog).
    pub async fn import_file(&self, path: &std::path::Path) {
        self.element("#input-import")
            .await
            .send_keys(path.to_str().expect("utf-8 path"))
            .await
            .expect("choose file");
    }

    /// A real mouse click at viewport coordinates.
    pub async fn click_at(&self, x: f64, y: f64) {
        self.drag((x, y), (x, y)).await;
    }

    /// A real mouse drag between viewport coordinates (a click when they are
    /// equal): press at `from`, move to `to` over 300 ms, release.
    pub async fn drag(&self, from: (f64, f64), to: (f64, f64)) {
        let mut mouse = MouseActions::new("mouse".to_owned())
            .then(PointerAction::MoveTo {
                duration: None,
                x: from.0.round(),
                y: from.1.round(),
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            });
        if from != to {
            mouse = mouse.then(PointerAction::MoveTo {
                duration: Some(Duration::from_millis(300)),
                x: to.0.round(),
                y: to.1.round(),
            });
        }
        let mouse = mouse.then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
        self.client
            .perform_actions(mouse)
            .await
            .expect("mouse actions");
        self.client.release_actions().await.expect("release mouse");
    }

    /// Presses and releases one key on whatever has the focus.
    pub async fn press(&self, key: char) {
        let keys = KeyActions::new("keyboard".to_owned())
            .then(KeyAction::Down { value: key })
            .then(KeyAction::Up { value: key });
        self.client.perform_actions(keys).await.expect("key press");
        self.client.release_actions().await.expect("release keys");
    }

    /// Moves the focus away from any input (to the page body).
    pub async fn blur(&self) {
        self.js("if (document.activeElement) document.activeElement.blur();")
            .await;
    }

    /// Clicks a navigation link by its text (client-side navigation).
    pub async fn navigate(&self, link: &str) {
        self.client
            .find(Locator::LinkText(link))
            .await
            .unwrap_or_else(|e| panic!("link {link}: {e}"))
            .click()
            .await
            .unwrap_or_else(|e| panic!("click link {link}: {e}"));
    }

    /// The text of the element with this id, spaces normalised ("" when
    /// there is no such element).
    pub async fn text_of(&self, id: &str) -> String {
        let value = self
            .js(&format!(
                "const e = document.getElementById('{id}'); return e ? e.textContent : null;"
            ))
            .await;
        normalise(value.as_str().unwrap_or_default())
    }

    /// The „JSON exportieren“ file of the current state: goes to the table
    /// page (a page change pauses), catches the download and reads it.
    pub async fn exported_json(&self) -> String {
        if self.path().await != "/tabelle" {
            self.navigate("Tabelle").await;
        }
        self.download("#btn-export-json").await.1
    }

    /// From now on, anchors clicked for a download are recorded in
    /// `window.__downloads` (name and address) instead of followed.
    pub async fn catch_downloads(&self) {
        self.js("window.__downloads = [];
                 HTMLAnchorElement.prototype.click = function () {
                   window.__downloads.push({ name: this.download, href: this.href });
                 };")
            .await;
    }

    /// Clicks the button at `button_css` and catches the file it downloads:
    /// anchors clicked for a download are recorded instead of followed, and
    /// the blob's text is fetched (UTF-8, a byte order mark kept as U+FEFF).
    /// Returns the file name and text.
    pub async fn download(&self, button_css: &str) -> (String, String) {
        self.catch_downloads().await;
        self.click_css(button_css).await;
        let value = self
            .js_async(
                "const done = arguments[arguments.length - 1];
                 const d = window.__downloads.pop();
                 if (!d) { done(null); return; }
                 fetch(d.href).then(r => r.arrayBuffer())
                   .then(bytes => done([d.name, new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)]),
                         e => done(['error', String(e)]));",
            )
            .await;
        match value {
            Value::Array(items) => (
                items[0].as_str().unwrap_or_default().to_owned(),
                items[1].as_str().unwrap_or_default().to_owned(),
            ),
            other => panic!("no download from {button_css}: {other}"),
        }
    }

    /// Clicks the button at `button_css` and waits up to `limit` for the
    /// file it downloads (a picture or a film comes after some work):
    /// returns its name and bytes.
    pub async fn download_bytes(&self, button_css: &str, limit: Duration) -> (String, Vec<u8>) {
        self.catch_downloads().await;
        self.click_css(button_css).await;
        self.downloaded_bytes(&format!("a download from {button_css}"), limit)
            .await
    }

    /// The name and bytes of the first download caught
    /// ([`AppPage::catch_downloads`]) within `limit`, taken off the list.
    pub async fn downloaded_bytes(&self, what: &str, limit: Duration) -> (String, Vec<u8>) {
        let name = poll(what, limit, || async {
            match self
                .js(
                    // Else what the page says meanwhile, for a failure's report.
                    "if (window.__downloads.length) return window.__downloads[0].name;
                     const text = (id) => document.getElementById(id)?.textContent ?? null;
                     return { busy: text('status-busy'), media: text('media-outcome'),
                              state: text('status-state') };",
                )
                .await
            {
                Value::String(name) => Ok(name),
                other => Err(other),
            }
        })
        .await;
        let value = self
            .js_async(
                "const done = arguments[arguments.length - 1];
                 fetch(window.__downloads.shift().href).then(r => r.arrayBuffer())
                   .then(bytes => done(Array.from(new Uint8Array(bytes))), e => done(String(e)));",
            )
            .await;
        let Value::Array(bytes) = value else {
            panic!("{what} could not be read: {value}");
        };
        let bytes = bytes
            .iter()
            .map(|byte| {
                byte.as_u64()
                    .and_then(|b| u8::try_from(b).ok())
                    .expect("a byte")
            })
            .collect();
        (name, bytes)
    }

    pub async fn path(&self) -> String {
        self.client
            .current_url()
            .await
            .expect("current url")
            .path()
            .to_owned()
    }

    /// Pretends the tab went to the background: `visibilitychange` with the
    /// document reporting itself hidden.
    pub async fn hide_page(&self) {
        self.pretend_visibility(true).await;
    }

    /// The tab is in front again after [`AppPage::hide_page`].
    pub async fn show_page(&self) {
        self.pretend_visibility(false).await;
    }

    async fn pretend_visibility(&self, hidden: bool) {
        let state = if hidden { "hidden" } else { "visible" };
        self.js(&format!(
            "Object.defineProperty(document, 'visibilityState', {{ configurable: true, get: () => '{state}' }});
             Object.defineProperty(document, 'hidden', {{ configurable: true, get: () => {hidden} }});
             document.dispatchEvent(new Event('visibilitychange', {{ bubbles: true }}));"
        ))
        .await;
    }

    /// `[top, bottom, width, height]` of the first element `css` selects,
    /// in CSS px of the viewport.
    pub async fn rect(&self, css: &str) -> Vec<f64> {
        let value = self
            .js(&format!(
                "const r = document.querySelector({css}).getBoundingClientRect();
                 return [r.top, r.bottom, r.width, r.height];",
                css = serde_json::json!(css)
            ))
            .await;
        value
            .as_array()
            .expect("a rectangle")
            .iter()
            .map(|v| v.as_f64().expect("a number"))
            .collect()
    }

    /// Screenshot of the viewport, saved as `file` and returned decoded.
    pub async fn screenshot(&self, file: &std::path::Path) -> Picture {
        let png = self.client.screenshot().await.expect("screenshot");
        std::fs::write(file, &png).unwrap_or_else(|e| panic!("write {}: {e}", file.display()));
        Picture::from_png(&png)
    }

    /// Saves the viewport as `name` in the screenshot directory (an artefact
    /// for people to look at) and checks that the page and the element `css`
    /// in it are really drawn: not one blank colour. Returns the element.
    pub async fn save_screenshot_showing(&self, name: &str, css: &str) -> Picture {
        let file = super::screenshot_dir().join(name);
        let page = self.screenshot(&file).await;
        let element = self.element_picture(css).await;
        eprintln!(
            "     {}: page ink {:.3}, {css} ink {:.3}",
            file.display(),
            page.ink(),
            element.ink()
        );
        assert!(page.ink() > 0.01, "{name} is blank: {:.4}", page.ink());
        assert!(
            element.ink() > 0.01,
            "{css} shows nothing in {name}: {:.4}",
            element.ink()
        );
        element
    }

    /// What the element `css` shows, decoded.
    pub async fn element_picture(&self, css: &str) -> Picture {
        let png = self
            .element(css)
            .await
            .screenshot()
            .await
            .unwrap_or_else(|e| panic!("screenshot of {css}: {e}"));
        Picture::from_png(&png)
    }

    /// Clicks `css` from inside the page and returns the milliseconds until
    /// `arrived` (a JS expression) holds, watched by a MutationObserver so that
    /// the answer is timed as soon as the DOM shows it, not at the next frame.
    /// Fails when it does not hold within `limit_ms`.
    pub async fn click_and_time_until(&self, css: &str, arrived: &str, limit_ms: u32) -> f64 {
        let value = self
            .js_async(&format!(
                "const done = arguments[arguments.length - 1];
                 const arrived = () => {arrived};
                 const start = performance.now();
                 let finished = false;
                 const finish = ms => {{
                   if (!finished) {{ finished = true; observer.disconnect(); done(ms); }}
                 }};
                 const observer = new MutationObserver(() => {{
                   if (arrived()) finish(performance.now() - start);
                 }});
                 observer.observe(document.body, {{ childList: true, characterData: true, subtree: true }});
                 setTimeout(() => finish(-1), {limit_ms});
                 document.querySelector('{css}').click();
                 if (arrived()) finish(performance.now() - start);"
            ))
            .await;
        let ms = value.as_f64().expect("a number");
        assert!(
            ms >= 0.0,
            "clicking {css} did not give {arrived} within {limit_ms} ms"
        );
        ms
    }
}

/// Replaces no-break spaces (U+00A0, U+202F) by plain ones and trims.
pub fn normalise(text: &str) -> String {
    text.replace(['\u{a0}', '\u{202f}'], " ").trim().to_owned()
}
