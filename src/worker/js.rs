//! A [`Packet`] as a JavaScript object and back, the same way for every
//! message: `build` and `kind` as strings, every field as a property (a
//! number, a string, a typed array whose buffer is transferred, or a
//! `Blob`). What the fields mean is `worker::messages`' business.

use js_sys::{Array, Float64Array, Object, Reflect, Uint32Array};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::Blob;

use super::messages::{DecodeError, Field, FromWorker, Packet, ToWorker};

/// A message object and the buffers to transfer with it.
pub struct Outgoing {
    /// The object to post.
    pub message: Object,
    /// The `ArrayBuffer`s to transfer.
    pub transfer: Array,
}

const BUILD: &str = "build";
const KIND: &str = "kind";

fn set(object: &Object, key: &str, value: &JsValue) {
    // Setting a property on a plain new object cannot fail.
    let _ = Reflect::set(object, &JsValue::from_str(key), value);
}

/// The object for a packet, its arrays' buffers listed for transfer.
#[must_use]
pub fn to_js(packet: Packet<Blob>) -> Outgoing {
    let (message, transfer) = (Object::new(), Array::new());
    set(&message, BUILD, &JsValue::from_str(&packet.build));
    set(&message, KIND, &JsValue::from_str(&packet.kind));
    for (key, value) in packet.fields {
        let value: JsValue = match value {
            Field::Number(number) => JsValue::from(number),
            Field::Text(text) => JsValue::from_str(&text),
            Field::F64s(values) => {
                let array = Float64Array::new_with_length(values.len() as u32);
                array.copy_from(&values);
                transfer.push(&array.buffer());
                array.into()
            }
            Field::U32s(values) => {
                let array = Uint32Array::new_with_length(values.len() as u32);
                array.copy_from(&values);
                transfer.push(&array.buffer());
                array.into()
            }
            Field::File(file) => file.into(),
        };
        set(&message, &key, &value);
    }
    Outgoing { message, transfer }
}

/// The packet an object holds: [`DecodeError::NotAPacket`] for anything
/// that is not an object with a `build` and a `kind` string and fields of
/// the four kinds.
pub fn from_js(data: &JsValue) -> Result<Packet<Blob>, DecodeError> {
    let object = data.dyn_ref::<Object>().ok_or(DecodeError::NotAPacket)?;
    let text = |key: &str| {
        Reflect::get(object, &JsValue::from_str(key))
            .ok()
            .and_then(|value| value.as_string())
            .ok_or(DecodeError::NotAPacket)
    };
    let mut packet = Packet {
        build: text(BUILD)?,
        kind: text(KIND)?,
        fields: Vec::new(),
    };
    for entry in Object::entries(object).iter() {
        let entry: Array = entry.unchecked_into();
        let Some(key) = entry.get(0).as_string() else {
            return Err(DecodeError::NotAPacket);
        };
        if key == BUILD || key == KIND {
            continue;
        }
        let value = entry.get(1);
        let field = if let Some(number) = value.as_f64() {
            Field::Number(number)
        } else if let Some(text) = value.as_string() {
            Field::Text(text)
        } else if let Some(array) = value.dyn_ref::<Float64Array>() {
            Field::F64s(array.to_vec())
        } else if let Some(array) = value.dyn_ref::<Uint32Array>() {
            Field::U32s(array.to_vec())
        } else if let Ok(file) = value.dyn_into::<Blob>() {
            Field::File(file)
        } else {
            return Err(DecodeError::NotAPacket);
        };
        packet.fields.push((key, field));
    }
    Ok(packet)
}

/// A request as an object.
#[must_use]
pub fn request(message: ToWorker<Blob>) -> Outgoing {
    to_js(message.encode())
}

/// An answer as an object.
#[must_use]
pub fn answer(message: FromWorker) -> Outgoing {
    to_js(message.encode())
}

/// Reads a request.
pub fn read_request(data: &JsValue) -> Result<ToWorker<Blob>, DecodeError> {
    ToWorker::decode(from_js(data)?)
}

/// Reads an answer.
pub fn read_answer(data: &JsValue) -> Result<FromWorker, DecodeError> {
    FromWorker::decode(from_js(data)?)
}
