//! The protocol's messages as JavaScript objects: numbers as properties, the
//! arrays as typed arrays whose buffers are transferred, not copied or
//! serialised.

use js_sys::{Array, Float64Array, Object, Reflect, Uint32Array};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::Blob;

use super::protocol::{
    ShareReply, ShareRequest, flatten, group_numbers, read_group_numbers, unflatten,
};
use super::study::{RunReply, RunRequest};
use crate::model::{Kinematics, MeasureShare, Params, Share};

/// What a worker says to the page.
#[derive(Debug, Clone, PartialEq)]
pub enum WorkerMessage {
    /// The worker's wasm runs and it takes requests now.
    Ready,
    /// The answer to a request.
    Reply(ShareReply),
    /// A request the worker could not compute.
    Failed { job: u32 },
    /// A study run's results row.
    Row(RunReply),
}

/// A message object and the buffers to transfer with it.
pub struct Outgoing {
    /// The object to post.
    pub message: Object,
    /// The `ArrayBuffer`s to transfer.
    pub transfer: Array,
}

const KIND: &str = "kind";

fn set(object: &Object, key: &str, value: &JsValue) {
    // Setting a property on a plain new object cannot fail.
    let _ = Reflect::set(object, &JsValue::from_str(key), value);
}

fn get(object: &JsValue, key: &str) -> Option<JsValue> {
    Reflect::get(object, &JsValue::from_str(key))
        .ok()
        .filter(|value| !value.is_undefined())
}

fn get_u32(object: &JsValue, key: &str) -> Option<u32> {
    let number = get(object, key)?.as_f64()?;
    (number >= 0.0 && number <= f64::from(u32::MAX) && number.fract() == 0.0)
        .then_some(number as u32)
}

/// A whole number that a double holds exactly (up to 2⁵³).
fn get_u64(object: &JsValue, key: &str) -> Option<u64> {
    const EXACT: f64 = 9_007_199_254_740_992.0;
    let number = get(object, key)?.as_f64()?;
    ((0.0..=EXACT).contains(&number) && number.fract() == 0.0).then_some(number as u64)
}

fn f64_array(values: &[f64], transfer: &Array) -> Float64Array {
    let array = Float64Array::new_with_length(values.len() as u32);
    array.copy_from(values);
    transfer.push(&array.buffer());
    array
}

fn u32_array(values: &[u32], transfer: &Array) -> Uint32Array {
    let array = Uint32Array::new_with_length(values.len() as u32);
    array.copy_from(values);
    transfer.push(&array.buffer());
    array
}

fn read_f64s(object: &JsValue, key: &str) -> Option<Vec<f64>> {
    Some(get(object, key)?.dyn_into::<Float64Array>().ok()?.to_vec())
}

fn read_u32s(object: &JsValue, key: &str) -> Option<Vec<u32>> {
    Some(get(object, key)?.dyn_into::<Uint32Array>().ok()?.to_vec())
}

/// A request for one share; `positions` and `velocities` are flat triples.
#[must_use]
pub fn request(
    job: u32,
    share: Share,
    radius: f64,
    positions: &[f64],
    velocities: &[f64],
) -> Outgoing {
    let (message, transfer) = (Object::new(), Array::new());
    set(&message, "job", &JsValue::from(job));
    set(&message, "part", &JsValue::from(share.part()));
    set(&message, "parts", &JsValue::from(share.parts()));
    set(&message, "radius", &JsValue::from(radius));
    set(&message, "positions", &f64_array(positions, &transfer));
    set(&message, "velocities", &f64_array(velocities, &transfer));
    Outgoing { message, transfer }
}

/// Reads a request; `None` for anything else.
#[must_use]
pub fn read_request(data: &JsValue) -> Option<ShareRequest> {
    Some(ShareRequest {
        job: get_u32(data, "job")?,
        share: Share::new(get_u32(data, "part")?, get_u32(data, "parts")?)?,
        radius: get(data, "radius")?.as_f64()?,
        positions: read_f64s(data, "positions")?,
        velocities: read_f64s(data, "velocities")?,
    })
}

/// The `kind` of a study run's request (a share's request has none).
const RUN: &str = "run";

/// Sets the seven parameters as number properties.
fn set_params(message: &Object, p: &Params) {
    for (key, value) in [
        ("count", f64::from(p.count)),
        ("seed", f64::from(p.seed)),
        ("radius", p.radius),
        ("separation", p.separation),
        ("alignment", p.alignment),
        ("cohesion", p.cohesion),
        ("maxSpeed", p.max_speed),
    ] {
        set(message, key, &JsValue::from(value));
    }
}

/// The inverse of [`set_params`] (not checked: the model checks them).
fn read_params(data: &JsValue) -> Option<Params> {
    let number = |key| get(data, key)?.as_f64();
    Some(Params {
        count: get_u32(data, "count")?,
        seed: get_u32(data, "seed")?,
        radius: number("radius")?,
        separation: number("separation")?,
        alignment: number("alignment")?,
        cohesion: number("cohesion")?,
        max_speed: number("maxSpeed")?,
    })
}

/// A request for one whole study run: numbers as properties.
#[must_use]
pub fn run_request(request: &RunRequest) -> Outgoing {
    let message = Object::new();
    set(&message, KIND, &JsValue::from_str(RUN));
    for (key, value) in [
        ("run", request.run as f64),
        ("point", request.point as f64),
        ("steps", request.steps as f64),
        ("burnIn", request.burn_in as f64),
    ] {
        set(&message, key, &JsValue::from(value));
    }
    set_params(&message, &request.params);
    Outgoing {
        message,
        transfer: Array::new(),
    }
}

/// Whether `data` asks for a study run (rather than a share).
#[must_use]
pub fn is_run_request(data: &JsValue) -> bool {
    get(data, KIND).and_then(|kind| kind.as_string()).as_deref() == Some(RUN)
}

/// Reads a study run's request; `None` for anything else.
#[must_use]
pub fn read_run_request(data: &JsValue) -> Option<RunRequest> {
    if !is_run_request(data) {
        return None;
    }
    Some(RunRequest {
        run: get_u64(data, "run")?,
        point: get_u64(data, "point")?,
        steps: get_u64(data, "steps")?,
        burn_in: get_u64(data, "burnIn")?,
        params: read_params(data)?,
    })
}

/// The `kind` of a request to read a state file.
const IMPORT: &str = "import";

/// A request to read a state file (the `File` travels as a handle; the
/// worker reads its bytes).
#[must_use]
pub fn import_request(file: &Blob) -> Outgoing {
    let message = Object::new();
    set(&message, KIND, &JsValue::from_str(IMPORT));
    set(&message, "file", file);
    Outgoing {
        message,
        transfer: Array::new(),
    }
}

/// The file of a request to read a state file; `None` for anything else.
#[must_use]
pub fn read_import_request(data: &JsValue) -> Option<Blob> {
    if get(data, KIND)?.as_string()? != IMPORT {
        return None;
    }
    get(data, "file")?.dyn_into::<Blob>().ok()
}

/// A state file read and checked: the params, the step and the flat
/// positions and velocities (transferred), or the German message of why it
/// was refused.
#[must_use]
pub fn imported(result: &Result<Kinematics, String>) -> Outgoing {
    let (message, transfer) = (Object::new(), Array::new());
    match result {
        Ok(state) => {
            set(&message, KIND, &JsValue::from_str("imported"));
            set_params(&message, state.params());
            set(&message, "step", &JsValue::from(state.step_count() as f64));
            set(
                &message,
                "positions",
                &f64_array(&flatten(state.positions()), &transfer),
            );
            set(
                &message,
                "velocities",
                &f64_array(&flatten(state.velocities()), &transfer),
            );
        }
        Err(why) => {
            set(&message, KIND, &JsValue::from_str("importFailed"));
            set(&message, "message", &JsValue::from_str(why));
        }
    }
    Outgoing { message, transfer }
}

/// Reads a worker's answer to a request to read a state file: `None` for
/// any other message, else the state (its invariants checked again here,
/// which is cheap) or the German message.
#[must_use]
pub fn read_imported(data: &JsValue) -> Option<Result<Kinematics, String>> {
    match get(data, KIND)?.as_string()?.as_str() {
        "importFailed" => Some(Err(get(data, "message")?.as_string()?)),
        "imported" => {
            let params = read_params(data)?;
            let step = get_u64(data, "step")?;
            let positions = unflatten(&read_f64s(data, "positions")?)?;
            let velocities = unflatten(&read_f64s(data, "velocities")?)?;
            Some(
                Kinematics::new(params, step, positions, velocities)
                    .map_err(|error| crate::texts::state_error(&error)),
            )
        }
        _ => None,
    }
}

/// A study run's results row.
#[must_use]
pub fn row(reply: &RunReply) -> Outgoing {
    let message = Object::new();
    set(&message, KIND, &JsValue::from_str("row"));
    set(&message, "run", &JsValue::from(reply.run as f64));
    set(&message, "line", &JsValue::from_str(&reply.line));
    Outgoing {
        message,
        transfer: Array::new(),
    }
}

/// The message a worker posts once it takes requests.
#[must_use]
pub fn ready() -> Outgoing {
    let message = Object::new();
    set(&message, KIND, &JsValue::from_str("ready"));
    Outgoing {
        message,
        transfer: Array::new(),
    }
}

/// The message a worker posts when it cannot compute a request.
#[must_use]
pub fn failed(job: u32) -> Outgoing {
    let message = Object::new();
    set(&message, KIND, &JsValue::from_str("failed"));
    set(&message, "job", &JsValue::from(job));
    Outgoing {
        message,
        transfer: Array::new(),
    }
}

/// A reply, its arrays transferred.
#[must_use]
pub fn reply(reply: &ShareReply) -> Outgoing {
    let (message, transfer) = (Object::new(), Array::new());
    set(&message, KIND, &JsValue::from_str("reply"));
    set(&message, "job", &JsValue::from(reply.job));
    set(&message, "part", &JsValue::from(reply.part));
    set(&message, "indices", &u32_array(&reply.indices, &transfer));
    set(
        &message,
        "neighbours",
        &u32_array(&reply.neighbours, &transfer),
    );
    set(
        &message,
        "components",
        &f64_array(&reply.components, &transfer),
    );
    let measures = &reply.measures;
    set(&message, "nearestIds", &u32_array(&measures.ids, &transfer));
    set(
        &message,
        "nearest",
        &f64_array(&measures.nearest, &transfer),
    );
    set(
        &message,
        "groups",
        &u32_array(&group_numbers(measures.groups), &transfer),
    );
    Outgoing { message, transfer }
}

/// Reads what a worker posted; `None` for anything unknown.
#[must_use]
pub fn read_worker_message(data: &JsValue) -> Option<WorkerMessage> {
    match get(data, KIND)?.as_string()?.as_str() {
        "ready" => Some(WorkerMessage::Ready),
        "failed" => Some(WorkerMessage::Failed {
            job: get_u32(data, "job")?,
        }),
        "row" => Some(WorkerMessage::Row(RunReply {
            run: get_u64(data, "run")?,
            line: get(data, "line")?.as_string()?,
        })),
        "reply" => Some(WorkerMessage::Reply(ShareReply {
            job: get_u32(data, "job")?,
            part: get_u32(data, "part")?,
            indices: read_u32s(data, "indices")?,
            neighbours: read_u32s(data, "neighbours")?,
            components: read_f64s(data, "components")?,
            measures: MeasureShare {
                ids: read_u32s(data, "nearestIds")?,
                nearest: read_f64s(data, "nearest")?,
                groups: read_group_numbers(&read_u32s(data, "groups")?)?,
            },
        })),
        _ => None,
    }
}
