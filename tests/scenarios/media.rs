//! „Bild speichern“ and „Film aufnehmen“ (SPEC §9): the files are caught as
//! they are downloaded and read back, the picture decoded here and the film
//! by ffprobe and ffmpeg.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use boids_schwarm::model::Params;
use serde_json::Value;

use super::basics::initialised;
use super::table::wait_for_text;
use super::view_3d::ring_yellow;
use crate::support::app_page::{AppPage, Button, WAIT, poll};
use crate::support::picture::Picture;
use crate::support::{native_state, temp_file};

/// A film of a few steps is encoded in seconds; this leaves room for a
/// slow, busy machine.
const FILM_WAIT: Duration = Duration::from_secs(120);

/// The view on the page: the 3D canvas, or the SVG without WebGL. Without
/// WebGL the 3D view's canvas is there for a moment before the SVG takes
/// its place: the view counts once two looks a few frames apart agree.
async fn view_css(page: &AppPage) -> &'static str {
    let look = || async {
        page.js("return document.querySelector('.view-3d-canvas') ? 1 \
                 : document.querySelector('#swarm-svg') ? 2 : 0;")
            .await
            .as_u64()
    };
    poll("a view", WAIT, || async {
        let first = look().await;
        page.frames(3).await;
        match (first, look().await) {
            (Some(1), Some(1)) => Ok(".view-3d-canvas"),
            (Some(2), Some(2)) => Ok("#swarm-svg"),
            other => Err(other),
        }
    })
    .await
}

/// `svg` or `3d`, for the names of the screenshots.
fn view_name(view: &str) -> &'static str {
    if view == "#swarm-svg" { "svg" } else { "3d" }
}

/// The SVG's ring line (`.ring-line`, #e8590c) or the 3D ring's yellow.
fn ring_colour(view: &str) -> fn([u8; 4]) -> bool {
    if view == "#swarm-svg" {
        |p| p[0].abs_diff(232) < 30 && p[1].abs_diff(89) < 30 && p[2] < 60
    } else {
        ring_yellow
    }
}

fn centroid(points: &[(usize, usize)]) -> (f64, f64) {
    let n = points.len().max(1) as f64;
    let (x, y) = points.iter().fold((0.0, 0.0), |(x, y), &(px, py)| {
        (x + px as f64, y + py as f64)
    });
    (x / n, y / n)
}

/// The top left `width` × `height` of a picture.
fn crop(picture: &Picture, width: usize, height: usize) -> Picture {
    let pixels = (0..height)
        .flat_map(|y| (0..width).map(move |x| (x, y)))
        .map(|(x, y)| picture.at(x, y))
        .collect();
    Picture {
        width,
        height,
        pixels,
    }
}

/// Mean absolute difference per channel (0–255) of two pictures of one size.
fn mean_difference(a: &Picture, b: &Picture) -> f64 {
    let sum: u64 = a
        .pixels
        .iter()
        .zip(&b.pixels)
        .map(|(p, q)| (0..3).map(|c| u64::from(p[c].abs_diff(q[c]))).sum::<u64>())
        .sum();
    sum as f64 / (3 * a.pixels.len().max(1)) as f64
}

/// A swarm of `count` with boid 7 selected, shown on the simulation page.
async fn swarm_with_selection(page: &AppPage, count: u32) -> &'static str {
    initialised(page, count).await;
    page.navigate("Tabelle").await;
    page.click_css("#boid-table tr[data-boid='7']").await;
    page.wait_for_css("#boid-table tr.selected[data-boid='7']")
        .await;
    page.navigate("Ansicht").await;
    let view = view_css(page).await;
    page.wait_for_css(view).await;
    // The readouts over the view are page, not picture: hidden for the
    // comparison with a screenshot.
    page.js("const s = document.createElement('style');
             s.textContent = '.view-readouts, .presentation-bar, .view-3d-legend { visibility: hidden !important; }';
             document.head.append(s);")
        .await;
    page.frames(3).await;
    view
}

/// 60 boids with boid 7 selected, one step on (a picture of step 1), drawn.
async fn stepped_swarm_with_selection(page: &AppPage) -> &'static str {
    let view = swarm_with_selection(page, 60).await;
    page.click(Button::Schritt).await;
    page.wait_for_status("one step", |s| s.step_count() == 1)
        .await;
    page.frames(3).await;
    view
}

scenario!(svg, webgl => a_picture_is_the_view_as_shown_with_the_ring_and_a_caption);
/// „Bild speichern“ downloads `boids-schwarm-<k>.png`: without the caption
/// exactly the view as the screen shows it (size, ring); with it, a strip
/// of text under the same picture.
async fn a_picture_is_the_view_as_shown_with_the_ring_and_a_caption(page: AppPage) {
    let view = stepped_swarm_with_selection(&page).await;
    let shown = page.element_picture(view).await;

    page.click_css("#media-caption").await;
    let (name, png) = page.download_bytes("#btn-picture", WAIT).await;
    assert_eq!(name, "boids-schwarm-1.png");
    assert!(
        page.text("#media-outcome")
            .await
            .contains("Bild gespeichert"),
        "{}",
        page.text("#media-outcome").await
    );
    let bare = Picture::from_png(&png);
    std::fs::write(
        crate::support::screenshot_dir().join(format!("picture-{}.png", view_name(view))),
        &png,
    )
    .ok();
    assert_eq!(
        (bare.width, bare.height),
        (shown.width, shown.height),
        "the view's size"
    );
    assert!(bare.ink() > 0.01, "the picture is blank");
    let difference = mean_difference(&bare, &shown);
    assert!(
        difference < 6.0,
        "the picture differs from the view by {difference:.1} per channel"
    );
    let ring = ring_colour(view);
    let (in_picture, on_screen) = (bare.positions(ring), shown.positions(ring));
    assert!(
        in_picture.len() >= 20,
        "only {} ring pixels in the picture",
        in_picture.len()
    );
    let (a, b) = (centroid(&in_picture), centroid(&on_screen));
    assert!(
        (a.0 - b.0).hypot(a.1 - b.1) < 3.0,
        "the ring at {a:?} in the picture, at {b:?} on the screen"
    );

    page.click_css("#media-caption").await;
    let (_, png) = page.download_bytes("#btn-picture", WAIT).await;
    let captioned = Picture::from_png(&png);
    assert_eq!(captioned.width, bare.width);
    assert!(
        captioned.height > bare.height + 20,
        "no caption strip: {} rows",
        captioned.height - bare.height
    );
    let top = crop(&captioned, bare.width, bare.height);
    assert!(
        mean_difference(&top, &bare) < 1.0,
        "the caption changed the picture"
    );
    let strip = Picture {
        width: captioned.width,
        height: captioned.height - bare.height,
        pixels: captioned.pixels[bare.width * bare.height..].to_vec(),
    };
    // Dark text on white.
    let text = strip
        .positions(|p| p[0] < 100 && p[1] < 100 && p[2] < 120)
        .len();
    assert!(text > 200, "only {text} text pixels in the caption strip");
    assert!(page.driver.take_console_problems().await.is_empty());
}

scenario!(svg => a_picture_of_a_large_swarm_is_drawn_in_parts_and_is_the_view);
/// 20 000 boids give the SVG view more path data than one part of the
/// picture takes: drawn part by part, a task each, the picture is still
/// the view as shown.
async fn a_picture_of_a_large_swarm_is_drawn_in_parts_and_is_the_view(page: AppPage) {
    initialised(&page, 20_000).await;
    let path_data = page
        .js("return [...document.querySelectorAll('#swarm-svg path')]
               .reduce((sum, p) => sum + (p.getAttribute('d') || '').length, 0);")
        .await
        .as_u64()
        .unwrap_or(0);
    assert!(
        path_data > 300_000,
        "only {path_data} characters of path data"
    );
    page.js("const s = document.createElement('style');
             s.textContent = '.view-readouts, .presentation-bar { visibility: hidden !important; }';
             document.head.append(s);")
        .await;
    page.frames(3).await;
    let shown = page.element_picture("#swarm-svg").await;
    page.click_css("#media-caption").await;
    let (_, png) = page.download_bytes("#btn-picture", WAIT).await;
    let picture = Picture::from_png(&png);
    assert_eq!((picture.width, picture.height), (shown.width, shown.height));
    let difference = mean_difference(&picture, &shown);
    assert!(
        difference < 6.0,
        "the picture differs from the view by {difference:.1} per channel"
    );
    assert!(page.driver.take_console_problems().await.is_empty());
}

/// ffprobe's view of a film: codec, size, decoded frames, duration (s).
fn probe(file: &Path) -> (String, u64, u64, u64, f64) {
    let output = Command::new("ffprobe")
        .args(["-v", "error", "-count_frames", "-select_streams", "v:0"])
        .args([
            "-show_entries",
            "stream=codec_name,width,height,nb_read_frames",
        ])
        .args(["-show_entries", "format=duration", "-of", "json"])
        .arg(file)
        .output()
        .expect("ffprobe (Debian ffmpeg) runs");
    assert!(
        output.status.success(),
        "ffprobe: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let json: Value = serde_json::from_slice(&output.stdout).expect("ffprobe's JSON");
    let stream = &json["streams"][0];
    let number = |value: &Value| {
        value
            .as_u64()
            .or_else(|| value.as_str().and_then(|s| s.parse().ok()))
            .unwrap_or_else(|| panic!("ffprobe: {json}"))
    };
    (
        stream["codec_name"].as_str().unwrap_or_default().to_owned(),
        number(&stream["width"]),
        number(&stream["height"]),
        number(&stream["nb_read_frames"]),
        json["format"]["duration"]
            .as_str()
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no duration: {json}")),
    )
}

/// The first frame of a film, decoded by ffmpeg.
fn first_frame(film: &Path) -> Picture {
    let png = film.with_extension("first.png");
    let status = Command::new("ffmpeg")
        .args(["-v", "error", "-y", "-i"])
        .arg(film)
        .args(["-frames:v", "1"])
        .arg(&png)
        .status()
        .expect("ffmpeg runs");
    assert!(status.success(), "ffmpeg could not decode the first frame");
    Picture::from_png(&std::fs::read(&png).expect("the frame"))
}

scenario!(svg, webgl => a_film_has_one_frame_per_step_and_ends_at_the_last);
/// „Film aufnehmen“ of K steps: K + 1 frames at 25 per second, VP9 in
/// WebM, named after its steps; its first frame is the picture of the same
/// step; afterwards the swarm stands paused at k0 + K, exactly the native
/// model's state.
async fn a_film_has_one_frame_per_step_and_ends_at_the_last(page: AppPage) {
    let view = stepped_swarm_with_selection(&page).await;
    let (_, png) = page.download_bytes("#btn-picture", WAIT).await;
    let picture = Picture::from_png(&png);

    page.set_input("film-steps", "12").await;
    let (name, bytes) = page.download_bytes("#btn-film", FILM_WAIT).await;
    assert_eq!(name, "boids-schwarm-1-13.webm");
    let file = temp_file(&name, &bytes);
    let (codec, width, height, frames, duration) = probe(&file);
    assert_eq!(codec, "vp9");
    assert_eq!(frames, 13, "K + 1 frames");
    assert!(
        (duration - 13.0 * 0.04).abs() < 0.021,
        "duration {duration} s"
    );
    // The view's size with the strip, both sides even.
    assert_eq!(width, picture.width as u64 & !1);
    assert_eq!(height, picture.height as u64 & !1);
    let first = first_frame(&file);
    std::fs::copy(
        file.with_extension("first.png"),
        crate::support::screenshot_dir().join(format!("film-first-{}.png", view_name(view))),
    )
    .ok();
    let same = crop(&picture, first.width, first.height);
    let difference = mean_difference(&first, &same);
    assert!(
        difference < 8.0,
        "the first frame differs from the picture by {difference:.1}"
    );
    // The ring where the picture has it: VP9 keeps colour at half
    // resolution, so its hue is only roughly the picture's.
    let ring = centroid(&picture.positions(ring_colour(view)));
    let warm = first
        .positions(|p| p[0] > 150 && i32::from(p[0]) - i32::from(p[2]) > 80)
        .into_iter()
        .filter(|&(x, y)| (x as f64 - ring.0).hypot(y as f64 - ring.1) < 30.0)
        .count();
    assert!(warm >= 20, "only {warm} ring pixels in the first frame");

    let status = page
        .wait_for_status("paused at the film's end", |s| {
            s.state == "pausiert" && s.step_count() == 13
        })
        .await;
    assert_eq!(status.selection, "Boid Nr. 7");
    assert!(
        page.text("#media-outcome")
            .await
            .contains("Film gespeichert: 13 Bilder")
    );
    let params = Params {
        count: 60,
        ..Params::default()
    };
    assert_eq!(
        page.exported_json().await,
        native_state(params, 13).to_json()
    );
    assert!(page.driver.take_console_problems().await.is_empty());
}

scenario!(webgl => a_film_at_a_fixed_size_keeps_the_view_and_restores_it);
/// 1280 × 720: the frames have that size with the caption inside; the view
/// on the page has its own size again afterwards.
async fn a_film_at_a_fixed_size_keeps_the_view_and_restores_it(page: AppPage) {
    let view = swarm_with_selection(&page, 40).await;
    let before = page
        .js("const c = document.querySelector('.view-3d-canvas'); return [c.width, c.height];")
        .await;
    page.js("const s = document.getElementById('film-size'); s.value = '720'; s.dispatchEvent(new Event('change'));").await;
    page.set_input("film-steps", "3").await;
    let (name, bytes) = page.download_bytes("#btn-film", FILM_WAIT).await;
    assert_eq!(name, "boids-schwarm-0-3.webm");
    let file = temp_file(&name, &bytes);
    let (_, width, height, frames, _) = probe(&file);
    assert_eq!((width, height, frames), (1280, 720, 4));
    assert!(first_frame(&file).ink() > 0.01, "a blank frame");
    page.wait_for_status("paused at step 3", |s| {
        s.state == "pausiert" && s.step_count() == 3
    })
    .await;
    poll("the view at its own size again", WAIT, || async {
        let now = page
            .js("const c = document.querySelector('.view-3d-canvas'); return [c.width, c.height];")
            .await;
        if now == before { Ok(()) } else { Err(now) }
    })
    .await;
    assert_eq!(view, ".view-3d-canvas");
}

/// The frame the film is making, from the status („Film: Bild 37 von
/// 251“); 0 when no film is being made.
async fn film_frame(page: &AppPage) -> u64 {
    page.text("#status-busy")
        .await
        .strip_prefix("Film: Bild ")
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.replace('.', "").parse().ok())
        .unwrap_or(0)
}

/// Waits until the film makes frame `frame` or a later one.
async fn film_frame_reaches(page: &AppPage, frame: u64) -> u64 {
    poll("frames of the film", FILM_WAIT, || async {
        let now = film_frame(page).await;
        if now >= frame { Ok(now) } else { Err(now) }
    })
    .await
}

/// Waits until the film's frame stays the same for 20 animation frames
/// (the frame in flight when the film was held is finished first).
async fn film_held(page: &AppPage) -> u64 {
    poll("the film held", FILM_WAIT, || async {
        let before = film_frame(page).await;
        page.frames(20).await;
        let after = film_frame(page).await;
        if before == after && after > 0 {
            Ok(after)
        } else {
            Err((before, after))
        }
    })
    .await
}

scenario!(svg, webgl => a_film_holds_while_the_page_is_hidden_or_left_and_keeps_every_frame);
/// A hidden page (a locked screen, another tab) and a visit to another
/// page of the app hold the film: its frame and the swarm's step stand;
/// when the view is back it goes on, and the file has every frame it
/// promised, the swarm at the film's last step as the native model has it.
async fn a_film_holds_while_the_page_is_hidden_or_left_and_keeps_every_frame(page: AppPage) {
    swarm_with_selection(&page, 40).await;
    page.set_input("film-steps", "24").await;
    page.catch_downloads().await;
    page.click_css("#btn-film").await;
    film_frame_reaches(&page, 4).await;
    page.hide_page().await;
    let held = film_held(&page).await;
    assert!(held < 25, "held at frame {held}");
    // A second is far longer than a frame of 40 boids takes.
    let status = page
        .status_stays("the film holds while hidden", Duration::from_secs(1))
        .await;
    assert_eq!(film_frame(&page).await, held);
    page.show_page().await;
    let later = film_frame_reaches(&page, held + 3).await;
    assert!(later > held);
    assert!(status.step_count() < 24);

    page.navigate("Tabelle").await;
    page.frames(30).await;
    page.navigate("Ansicht").await;
    let (name, bytes) = page.downloaded_bytes("the film", FILM_WAIT).await;
    assert_eq!(name, "boids-schwarm-0-24.webm");
    let file = temp_file(&name, &bytes);
    let (_, _, _, frames, _) = probe(&file);
    assert_eq!(frames, 25, "every promised frame, once");
    page.wait_for_status("paused at the film's end", |s| {
        s.state == "pausiert" && s.step_count() == 24
    })
    .await;
    let params = Params {
        count: 40,
        ..Params::default()
    };
    assert_eq!(
        page.exported_json().await,
        native_state(params, 24).to_json()
    );
    assert!(page.driver.take_console_problems().await.is_empty());
}

scenario!(svg, webgl => cancelling_a_film_and_keeping_its_frames_saves_a_shorter_film);
/// „Abbrechen“ during a film asks; „Als Film speichern“
/// writes those N frames as a valid film of its own, named after their
/// steps, and the swarm stands paused where the film stopped.
async fn cancelling_a_film_and_keeping_its_frames_saves_a_shorter_film(page: AppPage) {
    swarm_with_selection(&page, 40).await;
    page.set_input("film-steps", "100000").await;
    page.catch_downloads().await;
    page.click_css("#btn-film").await;
    film_frame_reaches(&page, 6).await;
    page.click_css("#status-cancel").await;
    wait_for_text(&page, "#status-film-ask-text", "Film angehalten").await;
    // The frame with the encoder when asked is counted once it is in.
    page.frames(20).await;
    let label = page.text("#status-film-ask-text").await;
    let kept: u64 = label
        .strip_prefix("Film angehalten nach ")
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{label}"));
    assert!(kept >= 5, "{label}");
    page.click_css("#status-film-keep").await;
    let (name, bytes) = page.downloaded_bytes("the shorter film", FILM_WAIT).await;
    assert_eq!(name, format!("boids-schwarm-0-{}.webm", kept - 1));
    let file = temp_file(&name, &bytes);
    let (codec, _, _, frames, duration) = probe(&file);
    assert_eq!((codec.as_str(), frames), ("vp9", kept));
    assert!(
        (duration - kept as f64 * 0.04).abs() < 0.021,
        "{duration} s"
    );
    assert!(first_frame(&file).ink() > 0.01, "a blank frame");
    wait_for_text(
        &page,
        "#media-outcome",
        &format!("Film gespeichert: {kept} Bilder"),
    )
    .await;
    let status = page
        .wait_for_status("paused", |s| s.state == "pausiert")
        .await;
    assert!(status.step_count() >= kept - 1, "{}", status.step_count());
    assert!(page.is_enabled(Button::Starten).await);
    assert_eq!(page.text("#status-busy").await, "");
    assert!(page.driver.take_console_problems().await.is_empty());
}

scenario!(svg, webgl => cancelling_a_film_keeps_the_swarm_where_it_stands);
/// „Abbrechen“ during a film, then „Film verwerfen“: no file, the swarm
/// paused at the step it had reached (its state the native model's), and
/// it can go on from there.
async fn cancelling_a_film_keeps_the_swarm_where_it_stands(page: AppPage) {
    swarm_with_selection(&page, 60).await;
    page.set_input("film-steps", "100000").await;
    page.catch_downloads().await;
    page.click_css("#btn-film").await;
    film_frame_reaches(&page, 4).await;
    let busy = page.text("#status-busy").await;
    assert!(busy.contains(" von 100") && busy.ends_with("001"), "{busy}");
    assert_eq!(
        page.js("return [document.getElementById('btn-picture').disabled, document.getElementById('btn-film').disabled]")
            .await,
        serde_json::json!([true, true]),
        "no picture and no second film while filming"
    );
    page.click_css("#status-cancel").await;
    wait_for_text(&page, "#status-film-ask-text", "Film angehalten").await;
    page.click_css("#status-film-discard").await;
    let status = page
        .wait_for_status("paused", |s| s.state == "pausiert")
        .await;
    let step = status.step_count();
    assert!((3..100_000).contains(&step), "stopped at {step}");
    assert!(
        page.text("#media-outcome")
            .await
            .contains("Film abgebrochen")
    );
    page.frames(5).await;
    assert_eq!(
        page.js("return window.__downloads.length").await,
        0,
        "no file"
    );
    assert!(page.is_enabled(Button::Starten).await);
    let params = Params {
        count: 60,
        ..Params::default()
    };
    assert_eq!(
        page.exported_json().await,
        native_state(params, step).to_json()
    );
    assert!(page.driver.take_console_problems().await.is_empty());
}

scenario!(svg, webgl => without_webcodecs_a_film_is_explained_and_nothing_changes);
/// A browser without WebCodecs gets a German message; the swarm, its step
/// and the controls stay as they were, and „Bild speichern“ still works.
async fn without_webcodecs_a_film_is_explained_and_nothing_changes(page: AppPage) {
    initialised(&page, 30).await;
    page.click(Button::Schritt).await;
    page.wait_for_status("one step", |s| s.step_count() == 1)
        .await;
    page.js("delete window.VideoEncoder; window.VideoEncoder = undefined;")
        .await;
    page.click_css("#btn-film").await;
    wait_for_text(
        &page,
        "#media-outcome",
        "Dieser Browser kann keine Filme erzeugen",
    )
    .await;
    let status = page.status().await;
    assert_eq!(
        (status.state.as_str(), status.step_count()),
        ("pausiert", 1)
    );
    assert_eq!(page.text("#status-busy").await, "");
    assert!(page.is_enabled(Button::Starten).await);
    assert!(
        page.js("return !document.getElementById('btn-film').disabled")
            .await
            .as_bool()
            .unwrap_or(false)
    );
    let (name, png) = page.download_bytes("#btn-picture", WAIT).await;
    assert_eq!(name, "boids-schwarm-1.png");
    assert!(Picture::from_png(&png).ink() > 0.01);
    assert!(page.driver.take_console_problems().await.is_empty());
}

scenario!(svg => a_bad_film_length_is_explained_and_nothing_starts);
async fn a_bad_film_length_is_explained_and_nothing_starts(page: AppPage) {
    initialised(&page, 30).await;
    for (typed, says) in [
        ("0", "von 1 bis 100"),
        ("2,5", "„2,5“ ist keine ganze Zahl"),
        ("", "Bitte eingeben"),
    ] {
        page.set_input("film-steps", typed).await;
        page.click_css("#btn-film").await;
        let error = page.text("#film-steps-error").await;
        assert!(error.contains(says), "{typed:?}: {error}");
        assert_eq!(page.status().await.step_count(), 0);
        assert_eq!(page.text("#status-busy").await, "");
    }
}

scenario!(svg => a_media_module_of_another_build_is_refused_with_the_reload_message);
/// web/media.js of another build (a stale cache): no picture and no film
/// is made, the page says the app must be reloaded, and the swarm stays.
async fn a_media_module_of_another_build_is_refused_with_the_reload_message(page: AppPage) {
    initialised(&page, 30).await;
    // The real module answers its own build (the same as the page's).
    let real = page
        .js_async(
            "const done = arguments[arguments.length - 1];
             boidsSchwarmMedien('ready').then(done, e => done(String(e)));",
        )
        .await;
    assert!(
        real.as_str().is_some_and(|build| build.starts_with("0.")),
        "{real}"
    );
    page.js(
        "const real = window.boidsSchwarmMedien;
         window.__mediaCommands = [];
         window.boidsSchwarmMedien = (command, ...args) => {
           window.__mediaCommands.push(command);
           return command === 'ready' ? Promise.resolve('0.0.0-andere-version') : real(command, ...args);
         };",
    )
    .await;
    // Nothing but the handshake, and dropping the refused film.
    for (button, commands) in [
        ("#btn-picture", serde_json::json!(["ready"])),
        (
            "#btn-film",
            serde_json::json!(["ready", "ready", "filmCancel"]),
        ),
    ] {
        page.click_css(button).await;
        poll(button, WAIT, || async {
            let sent = page.js("return window.__mediaCommands;").await;
            if sent == commands { Ok(()) } else { Err(sent) }
        })
        .await;
        wait_for_text(&page, "#media-outcome", "Die App wurde aktualisiert.").await;
    }
    let status = page.status().await;
    assert_eq!(
        (status.state.as_str(), status.step_count()),
        ("pausiert", 0)
    );
    assert!(page.driver.take_console_problems().await.is_empty());
}

/// Chooses „1920 × 1080“ and 100 000 steps: about 3 GB, beyond what a
/// film may take in memory.
async fn choose_a_film_too_large_for_memory(page: &AppPage) {
    page.js("const s = document.getElementById('film-size'); s.value = '1080'; s.dispatchEvent(new Event('change'));").await;
    page.set_input("film-steps", "100000").await;
}

scenario!(svg, webgl => a_film_too_large_for_memory_is_refused_where_no_file_can_be_written);
/// Without the File System Access API a film too large for memory is
/// refused before it starts, naming the longest that fits: no frame, no
/// file, the swarm where it was.
async fn a_film_too_large_for_memory_is_refused_where_no_file_can_be_written(page: AppPage) {
    swarm_with_selection(&page, 40).await;
    page.js("delete Window.prototype.showSaveFilePicker; delete window.showSaveFilePicker;")
        .await;
    page.catch_downloads().await;
    page.set_input("film-steps", "250").await;
    let small = wait_for_text(&page, "#film-estimate", "Geschätzte Größe: bis zu ").await;
    assert!(small.ends_with(" MB."), "{small}");
    choose_a_film_too_large_for_memory(&page).await;
    let refusal = "Dieser Film bräuchte bis zu 3,1 GB – mehr, als der Browser sicher im Speicher \
                   hält, und dieser Browser kann Filme nicht während der Aufnahme in eine Datei \
                   schreiben. In dieser Größe passen höchstens 35 140 Schritte; kleiner \
                   (1280 × 720) passen mehr.";
    wait_for_text(&page, "#film-estimate", refusal).await;
    let before = page.status().await.step_count();
    page.click_css("#btn-film").await;
    wait_for_text(&page, "#media-outcome", refusal).await;
    page.frames(10).await;
    assert_eq!(page.text("#status-busy").await, "", "no film started");
    assert_eq!(page.status().await.step_count(), before);
    assert_eq!(
        page.js("return window.__downloads.length;").await,
        serde_json::json!(0)
    );
    assert!(page.driver.take_console_problems().await.is_empty());
}

scenario!(svg, webgl => a_film_too_large_for_memory_is_written_into_a_file_as_it_is_encoded);
/// Where the browser lets the page write a file (here a stand-in for
/// `showSaveFilePicker` that keeps what is written), a film too large for
/// memory goes into that file as it is encoded; „Abbrechen“ and keeping
/// the frames so far leave a valid film there, and nothing is downloaded.
async fn a_film_too_large_for_memory_is_written_into_a_file_as_it_is_encoded(page: AppPage) {
    swarm_with_selection(&page, 40).await;
    page.js(
        "const file = { bytes: new Uint8Array(0), writes: 0, closed: false, name: '' };
         window.filmFile = file;
         window.showSaveFilePicker = async (options) => {
           file.name = options.suggestedName;
           return {
             createWritable: async () => new WritableStream({
               write(chunk) {
                 const end = chunk.position + chunk.data.byteLength;
                 if (end > file.bytes.length) {
                   const grown = new Uint8Array(end);
                   grown.set(file.bytes);
                   file.bytes = grown;
                 }
                 file.bytes.set(chunk.data, chunk.position);
                 file.writes += 1;
               },
               close() { file.closed = true; },
             }),
             getFile: async () => new Blob([file.bytes]),
           };
         };",
    )
    .await;
    page.catch_downloads().await;
    choose_a_film_too_large_for_memory(&page).await;
    wait_for_text(
        &page,
        "#film-estimate",
        "während der Aufnahme in eine Datei",
    )
    .await;
    page.click_css("#btn-film").await;
    film_frame_reaches(&page, 6).await;
    page.click_css("#status-cancel").await;
    let asked = wait_for_text(&page, "#status-film-ask-text", "Film angehalten").await;
    page.frames(20).await;
    page.click_css("#status-film-keep").await;
    let outcome = wait_for_text(&page, "#media-outcome", "Film gespeichert: ").await;
    let file = page
        .js("return [window.filmFile.name, window.filmFile.closed, window.filmFile.writes, Array.from(window.filmFile.bytes)];")
        .await;
    assert_eq!(file[0].as_str(), Some("boids-schwarm-film.webm"));
    assert_eq!(file[1], serde_json::json!(true), "the file was closed");
    let bytes: Vec<u8> = file[3]
        .as_array()
        .expect("bytes")
        .iter()
        .map(|byte| {
            byte.as_u64()
                .and_then(|b| u8::try_from(b).ok())
                .expect("a byte")
        })
        .collect();
    let said_kb: usize = outcome
        .rsplit(", ")
        .next()
        .and_then(|tail| tail.strip_suffix(" kB."))
        .map(|number| number.replace(' ', ""))
        .and_then(|number| number.parse().ok())
        .unwrap_or_else(|| panic!("{outcome}"));
    assert_eq!(said_kb, bytes.len().div_ceil(1000), "the file's size");
    let film = temp_file("film-in-a-file.webm", &bytes);
    let (codec, _, _, frames, _) = probe(&film);
    assert_eq!(codec, "vp9");
    assert!(
        outcome.contains(&format!("Film gespeichert: {frames} Bilder")),
        "{outcome}, {asked}"
    );
    assert!(frames >= 5, "{frames}");
    assert!(first_frame(&film).ink() > 0.01, "a blank frame");
    assert_eq!(
        page.js("return window.__downloads.length;").await,
        serde_json::json!(0),
        "nothing downloaded: it is in the file"
    );
    assert!(page.driver.take_console_problems().await.is_empty());
}
