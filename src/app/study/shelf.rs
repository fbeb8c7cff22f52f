//! The studies kept in the browser's IndexedDB, through web/study_shelf.js
//! (reached as `boidsSchwarmRegal`, web/app_loader.js, which loads the
//! module on the first call). The calls and their answers are plain data
//! with one codec each way, round-trip tested natively: a [`ShelfCall`]
//! becomes a call (the export's name and its texts and numbers), and its
//! answer's values are read strictly into a [`ShelfEvent`] (an answer that
//! does not read is a failure of that call, never an empty list).
//!
//! Layout in the database `boids-schwarm-studien`: the store `studies`
//! holds one record per plan ([`StoredStudy`], keyed by the plan's hash),
//! the store `chunks` the rows of each plan in chunks of
//! [`saved::CHUNK`](super::saved::CHUNK) runs under `<hash>.<chunk>`, as the
//! rows' lines in run order (a finished run rewrites one small chunk).

use crate::app::media::{MediaArg, MediaCall, MediaValue};
use crate::worker::messages::whole_u64;

/// The global function web/app_loader.js installs for web/study_shelf.js.
pub const GLOBAL: &str = "boidsSchwarmRegal";

/// A stored study as the list shows it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StoredStudy {
    /// The plan's hash ([`PlanId::hex`](crate::model::study::PlanId::hex)).
    pub hex: String,
    /// The plan's JSON text.
    pub plan: String,
    /// The plan's runs.
    pub runs: u64,
    /// Runs with a stored row.
    pub done: u64,
    /// The plan's and the rows' bytes.
    pub bytes: u64,
    /// The date of the last change, as the browser writes it (empty before
    /// the first confirmed write).
    pub changed: String,
    /// Another tab computes it now (it holds the study's lock): it can be
    /// opened and followed, not started or deleted here.
    pub elsewhere: bool,
}

/// A chunk of rows: its number and the rows' lines.
pub type Chunk = (u64, String);

/// A call of web/study_shelf.js.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShelfCall {
    /// Opens the database; answers every stored study, the last changed
    /// first ([`ShelfEvent::Listed`]).
    List,
    /// The stored chunks of a study ([`ShelfEvent::Rows`]).
    Rows { hex: String },
    /// Keeps a study's record and these chunks in one transaction (a start:
    /// none; a finished run: its chunk; a carried-over study: all).
    /// Answers the date written ([`ShelfEvent::Stored`]).
    Put {
        study: StoredStudy,
        chunks: Vec<Chunk>,
    },
    /// Deletes a study's record and rows, unless another tab computes it
    /// ([`ShelfEvent::Deleted`]).
    Delete { hex: String },
    /// Takes the study's lock unless another tab holds it
    /// ([`ShelfEvent::Locked`]); held until [`ShelfCall::Unlock`] or the
    /// page's end.
    Lock { hex: String },
    /// Releases the study's lock ([`ShelfEvent::Unlocked`]).
    Unlock { hex: String },
}

/// A call's answer, as the session takes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShelfEvent {
    /// The stored studies; `None`: the browser has no IndexedDB (private
    /// mode) or refused it.
    Listed(Option<Vec<StoredStudy>>),
    /// A study's chunks; `None`: they could not be read.
    Rows {
        hex: String,
        chunks: Option<Vec<Chunk>>,
    },
    /// A study was written (the date written), or refused (`None`: full or
    /// blocked).
    Stored {
        hex: String,
        changed: Option<String>,
    },
    /// A study was deleted, or not (another tab computes it, or the
    /// browser refused).
    Deleted { hex: String, ok: bool },
    /// This tab holds the study's lock (`true`; also where the browser has
    /// no locks or the call failed: tabs cannot know of each other there),
    /// or another tab does (`false`).
    Locked { hex: String, ok: bool },
    /// The lock was released.
    Unlocked,
}

/// Why a call is not a shelf call (the inverse of the encoding).
#[cfg(test)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotAShelfCall(pub String);

/// The fields of a study record as arguments, in this order.
const STUDY_FIELDS: usize = 6;

fn study_args<V>(study: StoredStudy) -> [MediaArg<V>; STUDY_FIELDS] {
    [
        MediaArg::Text(study.hex),
        MediaArg::Text(study.plan),
        MediaArg::Number(study.runs as f64),
        MediaArg::Number(study.done as f64),
        MediaArg::Number(study.bytes as f64),
        MediaArg::Text(study.changed),
    ]
}

/// A list of plain values, read strictly front to back.
struct Reader<I: Iterator>(std::iter::Peekable<I>);

impl<I: Iterator<Item = MediaValue>> Reader<I> {
    fn text(&mut self) -> Option<String> {
        match self.0.next()? {
            MediaValue::Text(text) => Some(text),
            _ => None,
        }
    }

    fn whole(&mut self) -> Option<u64> {
        match self.0.next()? {
            MediaValue::Number(number) => whole_u64(number),
            _ => None,
        }
    }

    fn study(&mut self) -> Option<StoredStudy> {
        Some(StoredStudy {
            hex: self.text()?,
            plan: self.text()?,
            runs: self.whole()?,
            done: self.whole()?,
            bytes: self.whole()?,
            changed: self.text()?,
            elsewhere: false,
        })
    }

    /// A study of the list: its record and whether another tab computes it.
    fn listed(&mut self) -> Option<StoredStudy> {
        let study = self.study()?;
        let elsewhere = self.flag()?;
        Some(StoredStudy { elsewhere, ..study })
    }

    /// One flag: 1 or 0.
    fn flag(&mut self) -> Option<bool> {
        match self.whole()? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }

    /// Items read by `item` up to the end; `None` if one does not read.
    fn all<T>(&mut self, item: impl Fn(&mut Self) -> Option<T>) -> Option<Vec<T>> {
        let mut items = Vec::new();
        while self.0.peek().is_some() {
            items.push(item(self)?);
        }
        Some(items)
    }

    fn chunks(&mut self) -> Option<Vec<Chunk>> {
        self.all(|read| Some((read.whole()?, read.text()?)))
    }

    fn end(mut self) -> Option<()> {
        self.0.next().is_none().then_some(())
    }
}

#[cfg(test)]
fn reader<V>(args: Vec<MediaArg<V>>) -> Reader<impl Iterator<Item = MediaValue>> {
    Reader(args.into_iter().map(value_of).peekable())
}

#[cfg(test)]
fn value_of<V>(arg: MediaArg<V>) -> MediaValue {
    match arg {
        MediaArg::Number(number) => MediaValue::Number(number),
        MediaArg::Text(text) => MediaValue::Text(text),
        MediaArg::View(_) => MediaValue::Other,
    }
}

#[cfg(test)]
fn chunk_values(chunks: Vec<Chunk>) -> impl Iterator<Item = MediaValue> {
    chunks
        .into_iter()
        .flat_map(|(chunk, text)| [MediaValue::Number(chunk as f64), MediaValue::Text(text)])
}

impl ShelfCall {
    /// The call web/study_shelf.js gets.
    #[must_use]
    pub fn encode<V>(self) -> MediaCall<V> {
        let (name, args) = match self {
            Self::List => ("list", Vec::new()),
            Self::Rows { hex } => ("rows", vec![MediaArg::Text(hex)]),
            Self::Put { study, chunks } => {
                let mut args: Vec<MediaArg<V>> = study_args(study).into();
                for (chunk, text) in chunks {
                    args.push(MediaArg::Number(chunk as f64));
                    args.push(MediaArg::Text(text));
                }
                ("put", args)
            }
            Self::Delete { hex } => ("delete", vec![MediaArg::Text(hex)]),
            Self::Lock { hex } => ("lock", vec![MediaArg::Text(hex)]),
            Self::Unlock { hex } => ("unlock", vec![MediaArg::Text(hex)]),
        };
        MediaCall {
            name: name.to_owned(),
            args,
        }
    }

    /// The call a call holds (what web/study_shelf.js reads from it).
    #[cfg(test)]
    pub fn decode<V>(call: MediaCall<V>) -> Result<Self, NotAShelfCall> {
        let bad = || NotAShelfCall(call.name.clone());
        let mut args = reader(call.args);
        let decoded = match call.name.as_str() {
            "list" => Some(Self::List),
            "rows" => args.text().map(|hex| Self::Rows { hex }),
            "delete" => args.text().map(|hex| Self::Delete { hex }),
            "lock" => args.text().map(|hex| Self::Lock { hex }),
            "unlock" => args.text().map(|hex| Self::Unlock { hex }),
            "put" => args.study().and_then(|study| {
                let chunks = args.chunks()?;
                Some(Self::Put { study, chunks })
            }),
            _ => None,
        };
        decoded.filter(|_| args.end().is_some()).ok_or_else(bad)
    }

    /// The event of this call's answer: its values read strictly, or the
    /// call's failure (`Err`: it threw, or the module is missing).
    #[must_use]
    pub fn answer<E>(self, answer: Result<Vec<MediaValue>, E>) -> ShelfEvent {
        let mut read = answer
            .ok()
            .map(|values| Reader(values.into_iter().peekable()));
        match self {
            Self::List => {
                ShelfEvent::Listed(read.as_mut().and_then(|read| read.all(Reader::listed)))
            }
            Self::Rows { hex } => ShelfEvent::Rows {
                hex,
                chunks: read.as_mut().and_then(Reader::chunks),
            },
            Self::Put { study, .. } => ShelfEvent::Stored {
                hex: study.hex,
                changed: read.and_then(|mut read| read.text().filter(|_| read.end().is_some())),
            },
            Self::Delete { hex } => ShelfEvent::Deleted {
                hex,
                ok: read.is_some_and(|read| read.end().is_some()),
            },
            Self::Lock { hex } => ShelfEvent::Locked {
                hex,
                ok: read.is_none_or(|mut read| {
                    read.flag().filter(|_| read.end().is_some()) != Some(false)
                }),
            },
            Self::Unlock { .. } => ShelfEvent::Unlocked,
        }
    }
}

#[cfg(test)]
impl ShelfEvent {
    /// The values web/study_shelf.js answers with for this event (the
    /// inverse of [`ShelfCall::answer`]; a failure is a thrown error).
    #[must_use]
    pub fn values(self) -> Option<Vec<MediaValue>> {
        match self {
            Self::Listed(studies) => Some(
                studies?
                    .into_iter()
                    .flat_map(|study| {
                        let elsewhere = MediaValue::Number(f64::from(u8::from(study.elsewhere)));
                        study_args::<()>(study)
                            .into_iter()
                            .map(value_of)
                            .chain([elsewhere])
                    })
                    .collect(),
            ),
            Self::Rows { chunks, .. } => Some(chunk_values(chunks?).collect()),
            Self::Stored { changed, .. } => Some(vec![MediaValue::Text(changed?)]),
            Self::Deleted { ok, .. } => ok.then(Vec::new),
            Self::Locked { ok, .. } => Some(vec![MediaValue::Number(f64::from(u8::from(ok)))]),
            Self::Unlocked => Some(Vec::new()),
        }
    }
}

/// Sends `call` to web/study_shelf.js, now; the future resolves to the
/// answer's event.
pub fn send(call: ShelfCall) -> impl std::future::Future<Output = ShelfEvent> + use<> {
    let answer = crate::app::media::call_global(GLOBAL, call.clone().encode());
    async move { call.answer(answer.await) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn study(hex: &str, done: u64) -> StoredStudy {
        StoredStudy {
            hex: hex.to_owned(),
            plan: "{\"steps\": 750}".to_owned(),
            runs: 55,
            done,
            bytes: 4_321,
            changed: "07.12.26, 14:03".to_owned(),
            elsewhere: false,
        }
    }

    fn calls() -> Vec<ShelfCall> {
        vec![
            ShelfCall::List,
            ShelfCall::Rows {
                hex: "00ff".to_owned(),
            },
            ShelfCall::Put {
                study: study("00ff", 12),
                chunks: Vec::new(),
            },
            ShelfCall::Put {
                study: study("00ff", 12),
                chunks: vec![(0, "0,1\n".to_owned()), (3, String::new())],
            },
            ShelfCall::Delete {
                hex: "00ff".to_owned(),
            },
            ShelfCall::Lock {
                hex: "00ff".to_owned(),
            },
            ShelfCall::Lock {
                hex: "00ff".to_owned(),
            },
            ShelfCall::Unlock {
                hex: "00ff".to_owned(),
            },
        ]
    }

    #[test]
    fn every_call_reads_back_as_itself() {
        for call in calls() {
            let encoded: MediaCall<()> = call.clone().encode();
            assert_eq!(ShelfCall::decode(encoded), Ok(call));
        }
        let mut cut: MediaCall<()> = calls()[3].clone().encode();
        cut.args.pop();
        assert!(ShelfCall::decode(cut).is_err(), "a chunk without its text");
        let other = MediaCall::<()> {
            name: "clear".to_owned(),
            args: Vec::new(),
        };
        assert_eq!(
            ShelfCall::decode(other),
            Err(NotAShelfCall("clear".to_owned()))
        );
    }

    #[test]
    fn every_answer_reads_back_as_its_event() {
        let events = [
            ShelfEvent::Listed(Some(vec![
                study("01", 55),
                StoredStudy {
                    elsewhere: true,
                    ..study("02", 0)
                },
            ])),
            ShelfEvent::Rows {
                hex: "00ff".to_owned(),
                chunks: Some(vec![(0, "0,1\n".to_owned()), (1, "50,1\n".to_owned())]),
            },
            ShelfEvent::Stored {
                hex: "00ff".to_owned(),
                changed: Some("07.12.26, 14:03".to_owned()),
            },
            ShelfEvent::Stored {
                hex: "00ff".to_owned(),
                changed: Some("07.12.26, 14:03".to_owned()),
            },
            ShelfEvent::Deleted {
                hex: "00ff".to_owned(),
                ok: true,
            },
            ShelfEvent::Locked {
                hex: "00ff".to_owned(),
                ok: true,
            },
            ShelfEvent::Locked {
                hex: "00ff".to_owned(),
                ok: false,
            },
            ShelfEvent::Unlocked,
        ];
        for (call, event) in calls().into_iter().zip(events) {
            let values = event.clone().values().ok_or(());
            assert_eq!(call.answer(values), event);
        }
    }

    #[test]
    fn failed_or_unreadable_answers_are_failures() {
        let failed = |call: ShelfCall| call.answer::<()>(Err(()));
        assert_eq!(failed(ShelfCall::List), ShelfEvent::Listed(None));
        assert_eq!(
            failed(calls()[2].clone()),
            ShelfEvent::Stored {
                hex: "00ff".to_owned(),
                changed: None
            }
        );
        // Only a lock known to be held elsewhere stops a start.
        let lock = || ShelfCall::Lock {
            hex: "00ff".to_owned(),
        };
        let locked = |ok| ShelfEvent::Locked {
            hex: "00ff".to_owned(),
            ok,
        };
        assert_eq!(lock().answer::<()>(Err(())), locked(true));
        let two = Ok::<_, ()>(vec![MediaValue::Number(2.0)]);
        assert_eq!(lock().answer(two), locked(true));
        let flag = |ok: bool| vec![MediaValue::Number(f64::from(u8::from(ok)))];
        let listed = |elsewhere: f64| {
            let mut values: Vec<MediaValue> = study_args::<()>(study("01", 1))
                .into_iter()
                .map(value_of)
                .collect();
            values.push(MediaValue::Number(elsewhere));
            ShelfCall::List.answer(Ok::<_, ()>(values))
        };
        assert_eq!(
            listed(1.0),
            ShelfEvent::Listed(Some(vec![StoredStudy {
                elsewhere: true,
                ..study("01", 1)
            }]))
        );
        assert_eq!(listed(2.0), ShelfEvent::Listed(None), "a flag is 0 or 1");
        assert_eq!(lock().answer(Ok::<_, ()>(flag(false))), locked(false));
        let odd = Ok::<_, ()>(vec![MediaValue::Text("00".to_owned()), MediaValue::Other]);
        assert_eq!(
            ShelfCall::List.answer(odd.clone()),
            ShelfEvent::Listed(None)
        );
        assert_eq!(
            calls()[1].clone().answer(odd),
            ShelfEvent::Rows {
                hex: "00ff".to_owned(),
                chunks: None
            }
        );
        let half = Ok::<_, ()>(vec![
            MediaValue::Number(1.5),
            MediaValue::Text(String::new()),
        ]);
        assert!(matches!(
            calls()[1].clone().answer(half),
            ShelfEvent::Rows { chunks: None, .. }
        ));
    }
}
