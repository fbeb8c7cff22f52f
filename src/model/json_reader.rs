//! A small, strict reader for the short JSON documents read whole: study
//! plans and the browser's stored settings. It gives the same
//! [`serde_json::Value`] as `serde_json::from_slice` (integers as `u64` or
//! `i64`, `-0` and every other number as `f64`, nesting up to
//! [`MAX_JSON_DEPTH`]), with two differences that matter here:
//!
//! - an object that names a key twice is refused (serde_json keeps the last
//!   silently, and a plan must never ignore what was written);
//! - numbers are converted by the standard library's `str::parse`, which is
//!   correctly rounded. serde_json is correctly rounded only with its
//!   `float_roundtrip` feature, whose parser, instantiated for every place
//!   that reads JSON, made up about 9 KB (gzip) of the browser app's wasm;
//!   the app now reads no JSON through serde_json at all (the state file is
//!   read in the worker).
//!
//! The state file keeps serde_json's typed streaming reader: it can be tens
//! of megabytes, and it is read in the worker and the CLI.

use serde_json::{Map, Number, Value};

/// The deepest nesting of arrays and objects accepted (serde_json's limit).
pub const MAX_JSON_DEPTH: usize = 127;

/// Why a text is not accepted. Positions are 1-based lines and byte columns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JsonProblem {
    /// Not JSON (or not UTF-8): the position of the first byte that cannot
    /// be read; at the end of the text, of its last byte (column 0 for an
    /// empty text).
    NotJson { line: usize, column: usize },
    /// One object names the key `name` twice; the position of the closing
    /// quote of its second mention.
    RepeatedKey {
        name: String,
        line: usize,
        column: usize,
    },
}

/// The JSON value of `bytes` (one value, surrounded by whitespace only).
pub fn read_json(bytes: &[u8]) -> Result<Value, JsonProblem> {
    let text = std::str::from_utf8(bytes).map_err(|e| not_json(bytes, e.valid_up_to()))?;
    let mut reader = Reader {
        text,
        at: 0,
        depth: 0,
    };
    let outcome = reader.value().and_then(|value| {
        reader.skip_space();
        if reader.at == text.len() {
            Ok(value)
        } else {
            Err(Fail::At(reader.at))
        }
    });
    outcome.map_err(|fail| match fail {
        Fail::At(index) => not_json(bytes, index),
        Fail::Repeated(name, index) => {
            let (line, column) = position(bytes, index);
            JsonProblem::RepeatedKey { name, line, column }
        }
    })
}

fn not_json(bytes: &[u8], index: usize) -> JsonProblem {
    let (line, column) = position(bytes, index.min(bytes.len().saturating_sub(1)));
    JsonProblem::NotJson { line, column }
}

/// Line and column (from 1) of the byte at `index`; column 0 in an empty text.
fn position(bytes: &[u8], index: usize) -> (usize, usize) {
    if bytes.is_empty() {
        return (1, 0);
    }
    let before = &bytes[..index];
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |newline| newline + 1);
    (line, index - line_start + 1)
}

/// Where reading stopped: at a byte that cannot be read, or at a key named
/// twice (its closing quote).
enum Fail {
    At(usize),
    Repeated(String, usize),
}

struct Reader<'a> {
    text: &'a str,
    /// The byte read next.
    at: usize,
    /// Arrays and objects open around it.
    depth: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    /// Takes `byte` if it comes next.
    fn take(&mut self, byte: u8) -> bool {
        let next = self.peek() == Some(byte);
        if next {
            self.at += 1;
        }
        next
    }

    fn value(&mut self) -> Result<Value, Fail> {
        self.skip_space();
        match self.peek() {
            Some(b'{') => self.object(),
            Some(b'[') => self.array(),
            Some(b'"') => self.string().map(Value::String),
            Some(b't') => self.word("true", Value::Bool(true)),
            Some(b'f') => self.word("false", Value::Bool(false)),
            Some(b'n') => self.word("null", Value::Null),
            Some(b'-' | b'0'..=b'9') => self.number().map(Value::Number),
            _ => Err(Fail::At(self.at)),
        }
    }

    fn word(&mut self, word: &str, value: Value) -> Result<Value, Fail> {
        for &expected in word.as_bytes() {
            if !self.take(expected) {
                return Err(Fail::At(self.at));
            }
        }
        Ok(value)
    }

    /// Opens an array or object (its first byte is next).
    fn open(&mut self) -> Result<(), Fail> {
        self.depth += 1;
        if self.depth > MAX_JSON_DEPTH {
            return Err(Fail::At(self.at));
        }
        self.at += 1;
        self.skip_space();
        Ok(())
    }

    fn array(&mut self) -> Result<Value, Fail> {
        self.open()?;
        let mut items = Vec::new();
        if !self.take(b']') {
            loop {
                items.push(self.value()?);
                self.skip_space();
                if self.take(b']') {
                    break;
                }
                if !self.take(b',') {
                    return Err(Fail::At(self.at));
                }
            }
        }
        self.depth -= 1;
        Ok(Value::Array(items))
    }

    fn object(&mut self) -> Result<Value, Fail> {
        self.open()?;
        let mut map = Map::new();
        if !self.take(b'}') {
            loop {
                self.skip_space();
                if self.peek() != Some(b'"') {
                    return Err(Fail::At(self.at));
                }
                let key = self.string()?;
                if map.contains_key(&key) {
                    return Err(Fail::Repeated(key, self.at - 1));
                }
                self.skip_space();
                if !self.take(b':') {
                    return Err(Fail::At(self.at));
                }
                let value = self.value()?;
                map.insert(key, value);
                self.skip_space();
                if self.take(b'}') {
                    break;
                }
                if !self.take(b',') {
                    return Err(Fail::At(self.at));
                }
            }
        }
        self.depth -= 1;
        Ok(Value::Object(map))
    }

    /// A string (its opening quote is next), escapes resolved.
    fn string(&mut self) -> Result<String, Fail> {
        self.at += 1;
        let mut out = String::new();
        loop {
            let run_start = self.at;
            while matches!(self.peek(), Some(byte) if byte != b'"' && byte != b'\\' && byte >= 0x20)
            {
                self.at += 1;
            }
            out.push_str(&self.text[run_start..self.at]);
            match self.peek() {
                Some(b'"') => {
                    self.at += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.at += 1;
                    out.push(self.escape()?);
                }
                // A control character, or the end of the text.
                _ => return Err(Fail::At(self.at)),
            }
        }
    }

    /// The character of an escape (after its backslash).
    fn escape(&mut self) -> Result<char, Fail> {
        let escaped = match self.peek() {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(b'u') => {
                self.at += 1;
                return self.unicode_escape();
            }
            _ => return Err(Fail::At(self.at)),
        };
        self.at += 1;
        Ok(escaped)
    }

    /// `XXXX` of `\uXXXX`, and of a second `\uXXXX` after a high surrogate.
    fn unicode_escape(&mut self) -> Result<char, Fail> {
        let first = self.hex4()?;
        let code = match first {
            0xD800..=0xDBFF => {
                if !(self.take(b'\\') && self.take(b'u')) {
                    return Err(Fail::At(self.at));
                }
                let second = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&second) {
                    return Err(Fail::At(self.at - 1));
                }
                0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            }
            0xDC00..=0xDFFF => return Err(Fail::At(self.at - 1)),
            _ => first,
        };
        char::from_u32(code).ok_or(Fail::At(self.at - 1))
    }

    fn hex4(&mut self) -> Result<u32, Fail> {
        let mut code = 0;
        for _ in 0..4 {
            let digit = self
                .peek()
                .and_then(|byte| char::from(byte).to_digit(16))
                .ok_or(Fail::At(self.at))?;
            code = code * 16 + digit;
            self.at += 1;
        }
        Ok(code)
    }

    fn digits(&mut self) -> usize {
        let start = self.at;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.at += 1;
        }
        self.at - start
    }

    /// A number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    fn number(&mut self) -> Result<Number, Fail> {
        let start = self.at;
        let negative = self.take(b'-');
        match self.peek() {
            Some(b'0') => self.at += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err(Fail::At(self.at)),
        }
        let mut integer = true;
        if self.take(b'.') {
            integer = false;
            if self.digits() == 0 {
                return Err(Fail::At(self.at));
            }
        }
        if self.take(b'e') || self.take(b'E') {
            integer = false;
            let _sign = self.take(b'+') || self.take(b'-');
            if self.digits() == 0 {
                return Err(Fail::At(self.at));
            }
        }
        let text = &self.text[start..self.at];
        if integer {
            if negative {
                // `-0` is a float, as in serde_json.
                if let Ok(value) = text.parse::<i64>()
                    && value != 0
                {
                    return Ok(Number::from(value));
                }
            } else if let Ok(value) = text.parse::<u64>() {
                return Ok(Number::from(value));
            }
        }
        // The grammar above is Rust's float grammar too; only too large a
        // number (infinite) is refused.
        text.parse::<f64>()
            .ok()
            .and_then(Number::from_f64)
            .ok_or(Fail::At(start))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Value, JsonProblem> {
        read_json(text.as_bytes())
    }

    #[test]
    fn numbers_take_serde_json_types_and_exact_values() {
        let value = read(r#"[0, 7, -3, -0, 1.5, 2e3, 18446744073709551616, -9223372036854775808, 0.30000000000000004]"#)
            .unwrap();
        let expected: Value = serde_json::from_str(
            "[0, 7, -3, -0, 1.5, 2e3, 18446744073709551616, -9223372036854775808, 0.30000000000000004]",
        )
        .unwrap();
        assert_eq!(value, expected);
        assert_eq!(value[0].as_u64(), Some(0));
        assert_eq!(value[2].as_i64(), Some(-3));
        assert!(value[3].as_f64().unwrap().is_sign_negative());
        assert_eq!(value[8].as_f64(), Some(0.1 + 0.2));
    }

    #[test]
    fn a_repeated_key_is_refused_where_it_is_named_again() {
        assert_eq!(
            read("{\"a\": 1,\n  \"a\": 2}"),
            Err(JsonProblem::RepeatedKey {
                name: "a".into(),
                line: 2,
                column: 5
            })
        );
        assert!(read(r#"{"a": {"a": 1}, "b": [{"a": 2}, {"a": 3}]}"#).is_ok());
    }

    #[test]
    fn errors_name_the_first_unreadable_byte() {
        assert_eq!(
            read("{\n  \"format\": ,"),
            Err(JsonProblem::NotJson {
                line: 2,
                column: 13
            })
        );
        assert_eq!(read(""), Err(JsonProblem::NotJson { line: 1, column: 0 }));
        assert_eq!(read("[1"), Err(JsonProblem::NotJson { line: 1, column: 2 }));
        for bad in [
            "01",
            "1.",
            ".5",
            "1e",
            "+1",
            "-",
            "1e400",
            "[1,]",
            "{\"a\" 1}",
            "\"\u{1}\"",
            r#""\x""#,
            r#""\ud800""#,
            r#""\udc00""#,
            "nul",
            "true false",
            "[1] x",
        ] {
            assert!(read(bad).is_err(), "{bad}");
            assert!(serde_json::from_str::<Value>(bad).is_err(), "{bad}");
        }
        assert!(read_json(b"\"\xff\"").is_err());
    }

    #[test]
    fn strings_resolve_every_escape() {
        assert_eq!(
            read(r#""a\"\\\/\b\f\n\r\t\u00e4\ud83d\ude00ö""#).unwrap(),
            Value::String("a\"\\/\u{8}\u{c}\n\r\tä😀ö".into())
        );
    }

    #[test]
    fn nesting_stops_where_serde_json_stops() {
        let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        assert!(read(&deep(MAX_JSON_DEPTH)).is_ok());
        assert!(serde_json::from_str::<Value>(&deep(MAX_JSON_DEPTH)).is_ok());
        assert!(read(&deep(MAX_JSON_DEPTH + 1)).is_err());
        assert!(serde_json::from_str::<Value>(&deep(MAX_JSON_DEPTH + 1)).is_err());
        // Far deeper than the stack would allow by recursion: refused early.
        assert!(read(&deep(1_000_000)).is_err());
    }
}
